/**
 * What a mutation changed, said in the words of the domain, so that no feature needs another
 * feature's query keys to keep the cache true.
 *
 * Each feature owns its query keys and says, next to them (in its `api/query-keys.ts`), which
 * changes make them stale:
 *
 *     staleOn(['reviews'], tutorKeys.all); // a review moves its tutor's average and count
 *
 * A mutation announces what it changed and waits for it, so it stays pending until what is on
 * screen has refetched:
 *
 *     onSuccess: () => announceChange(queryClient, 'reviews'),
 *
 * When the page is about to leave what changed (a deleted tutor's profile), `markStale` says the
 * same without refetching what is still on screen.
 *
 * Registering happens when the keys module loads; a feature whose module never loaded has
 * nothing in the cache to make stale. To add a kind of change, add its name to `DataChange`
 * with a line on what it covers.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export type DataChange =
  /** Who is signed in, or the signed-in account itself (its name, a verified email). */
  | 'session'
  /** Accounts as an administrator manages them (created, edited, disabled, deleted). */
  | 'users'
  /** A tutor: submitted, edited, approved, rejected or deleted. */
  | 'tutors'
  /** A review: written, edited, reported, hidden, dismissed or deleted. */
  | 'reviews'
  /** The site settings. */
  | 'settings';

const staleKeys = new Map<DataChange, QueryKey[]>();

/** Marks `queryKey` (and every key under it) stale whenever one of `changes` is announced. */
export function staleOn(changes: readonly DataChange[], queryKey: QueryKey): void {
  for (const change of changes) {
    const keys = staleKeys.get(change) ?? [];
    // A module loaded twice (hot reload) registers the same key again.
    if (!keys.some((key) => sameKey(key, queryKey))) keys.push(queryKey);
    staleKeys.set(change, keys);
  }
}

/**
 * Invalidates every key registered for `changes` (each once). Resolves when the active queries
 * among them have refetched, like `invalidateQueries`.
 */
export async function announceChange(queryClient: QueryClient, ...changes: DataChange[]): Promise<void> {
  await Promise.all(keysStaleOn(changes).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Like `announceChange`, but nothing refetches now: each answer is asked again when next shown. */
export function markStale(queryClient: QueryClient, ...changes: DataChange[]): void {
  for (const queryKey of keysStaleOn(changes)) void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
}

function keysStaleOn(changes: readonly DataChange[]): QueryKey[] {
  const keys: QueryKey[] = [];
  for (const change of changes) {
    for (const key of staleKeys.get(change) ?? []) {
      if (!keys.some((known) => sameKey(known, key))) keys.push(key);
    }
  }
  return keys;
}

const sameKey = (a: QueryKey, b: QueryKey) => JSON.stringify(a) === JSON.stringify(b);
