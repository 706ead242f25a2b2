import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { reviewKeys } from '../../src/web/features/reviews/api/query-keys';
import { tutorKeys } from '../../src/web/features/tutors/api/query-keys';
import { userKeys } from '../../src/web/features/users/api/query-keys';
import { announceChange, markStale } from '../../src/web/lib/data-changes';
import { departmentsQueryKey } from '../../src/web/lib/departments';
import { sessionQueryKey } from '../../src/web/lib/session';

/** A client holding a fresh answer under each of these keys. */
function clientWith(...keys: (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { cached: true });
  return client;
}

const isStale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('announceChange', () => {
  const review = reviewKeys.detail('r1');
  const tutor = tutorKeys.detail('t1');
  const users = userKeys.list({ page: 1 });

  it('makes stale what the features registered for the change, and nothing else', async () => {
    const client = clientWith(review, tutor, users, sessionQueryKey);
    await announceChange(client, 'reviews');
    expect(isStale(client, review)).toBe(true);
    // A review moves its tutor's average.
    expect(isStale(client, tutor)).toBe(true);
    expect(isStale(client, users)).toBe(false);
    expect(isStale(client, sessionQueryKey)).toBe(false);
  });

  it("makes the session stale when accounts change: it may be the administrator's own", async () => {
    const client = clientWith(review, users, sessionQueryKey);
    await announceChange(client, 'users');
    expect(isStale(client, users)).toBe(true);
    expect(isStale(client, sessionQueryKey)).toBe(true);
    expect(isStale(client, review)).toBe(false);
  });

  it('takes several changes at once', async () => {
    const client = clientWith(review, tutor, users);
    await announceChange(client, 'users', 'reviews');
    expect([review, tutor, users].map((key) => isStale(client, key))).toEqual([true, true, true]);
  });

  it('makes the departments stale when a tutor changes', async () => {
    const client = clientWith(departmentsQueryKey);
    await announceChange(client, 'tutors');
    expect(isStale(client, departmentsQueryKey)).toBe(true);
  });
});

describe('markStale', () => {
  it('marks the same keys stale without refetching what is on screen, where announceChange refetches it', async () => {
    const client = new QueryClient();
    const key = tutorKeys.detail('t1');
    let fetches = 0;
    const onScreen = new QueryObserver(client, { queryKey: key, queryFn: () => ++fetches, staleTime: Infinity });
    const stopObserving = onScreen.subscribe(() => {});
    await vi.waitFor(() => expect(fetches).toBe(1));

    markStale(client, 'tutors');
    expect(isStale(client, key)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetches).toBe(1);

    await announceChange(client, 'tutors');
    expect(fetches).toBe(2);
    stopObserving();
  });
});
