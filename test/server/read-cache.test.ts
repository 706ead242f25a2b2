import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ReadCache } from '../../src/server/cache/read-cache';
import { CHANGE_CHANNEL_APPLICATION_NAME } from '../../src/server/db/cache-invalidation';
import { openDatabase } from '../../src/server/db/client';
import { CacheVersion, topicsChangedBy } from '../../src/server/cache/cache-version';
import { sessions, tutors, type TutorRow } from '../../src/server/db/schema';
import type { TutorProfile, TutorReviewList } from '../../src/shared/tutors';
import { apiPaths } from '../../src/shared/api-paths';
import { type Actor, callAs, signedInAdmin, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createWorld, worldActors } from '../helpers/authorization-world';
import { createReviewRecord, createTutorRecord } from '../helpers/factories';
import { documentedOperations, fetchOpenApi, fillPath, withQuery } from '../helpers/openapi';
import { request } from '../helpers/requests';
import { authorizationMatrix } from './authorization-matrix.expected';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ReadCache', () => {
  const limits = { maxEntries: 100, maxWeight: 10_000 };

  test('caches a read until the cache version moves on', async () => {
    const version = new CacheVersion({ tracking: true });
    const cache = new ReadCache(version, 'content', limits);
    let reads = 0;
    const load = async () => ++reads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    expect(cache.hits).toBe(1);
    version.advance();
    expect(await cache.get('k', load)).toBe(2);
    expect(await cache.get('k', load)).toBe(2);
  });

  test('a read that overlapped a change is answered but not cached', async () => {
    const version = new CacheVersion({ tracking: true });
    const cache = new ReadCache(version, 'content', limits);
    const slow = deferred<string>();
    const first = cache.get('k', () => slow.promise);
    version.advance();
    slow.resolve('read before the change');
    expect(await first).toBe('read before the change');
    expect(await cache.get('k', async () => 'read after the change')).toBe('read after the change');
  });

  test('concurrent misses share one read, but never one that started before a change', async () => {
    const version = new CacheVersion({ tracking: true });
    const cache = new ReadCache(version, 'content', limits);
    const older = deferred<string>();
    let reads = 0;
    const a = cache.get('k', () => (reads++, older.promise));
    const b = cache.get('k', () => (reads++, older.promise));
    expect(reads).toBe(1);
    version.advance();
    const c = cache.get('k', async () => (reads++, 'fresh'));
    expect(reads).toBe(2);
    older.resolve('old');
    expect([await a, await b, await c]).toEqual(['old', 'old', 'fresh']);
  });

  test('nothing is served from memory while changes made elsewhere are not tracked', async () => {
    const version = new CacheVersion({ tracking: false });
    const cache = new ReadCache(version, 'content', limits);
    let reads = 0;
    await cache.get('k', async () => ++reads);
    await cache.get('k', async () => ++reads);
    expect(reads).toBe(2);
    version.setTracking(true);
    await cache.get('k', async () => ++reads);
    await cache.get('k', async () => ++reads);
    expect(reads).toBe(3);
  });

  test('the least recently used entries go first beyond the entry and weight limits', async () => {
    const version = new CacheVersion({ tracking: true });
    const cache = new ReadCache(version, 'content', { maxEntries: 3, maxWeight: 100 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    await cache.get('a', async () => 'reloaded');
    await cache.get('d', async () => 'd');
    expect(cache.size).toBe(3);
    expect(await cache.get('b', async () => 'b was dropped')).toBe('b was dropped');
    expect(await cache.get('a', async () => 'a was dropped')).toBe('a');

    const weighed = new ReadCache(version, 'content', { maxEntries: 10, maxWeight: 100 });
    const forty = (key: string) =>
      weighed.get(
        key,
        async () => key.repeat(40),
        (value) => value.length,
      );
    await forty('a');
    await forty('b');
    await forty('c');
    expect(weighed.size).toBe(2);
    expect(await weighed.get('a', async () => 'a was dropped')).toBe('a was dropped');
    expect(
      await weighed.get(
        'too heavy',
        async () => 'y'.repeat(200),
        (value) => value.length,
      ),
    ).toHaveLength(200);
    expect(
      await weighed.get(
        'too heavy',
        async () => 'not cached',
        (value) => value.length,
      ),
    ).toBe('not cached');
  });

  test('a change of one topic leaves what depends on another', async () => {
    const version = new CacheVersion({ tracking: true });
    const sessions = new ReadCache(version, 'sessions', limits);
    const content = new ReadCache(version, 'content', limits);
    let reads = 0;
    await sessions.get('s', async () => ++reads);
    await content.get('c', async () => ++reads);
    version.advance(['content']);
    expect(await sessions.get('s', async () => ++reads)).toBe(1);
    expect(await content.get('c', async () => ++reads)).toBe(3);
  });

  test('statements change the topics of their tables; a plain SELECT nothing, anything unknown everything', () => {
    expect(topicsChangedBy('select * from "tutors"')).toEqual([]);
    expect(topicsChangedBy('  SELECT 1')).toEqual([]);
    expect(
      topicsChangedBy('insert into "rate_limits" ("key") values ($1) on conflict do update set "count" = 1'),
    ).toEqual([]);
    expect(topicsChangedBy('delete from "sessions" where "token_hash" = $1')).toEqual(['sessions']);
    expect(topicsChangedBy('update "users" set "name" = $1')).toEqual(['sessions', 'content']);
    expect(topicsChangedBy('insert into "reviews" ("id") values ($1)')).toEqual(['content']);
    expect(topicsChangedBy('update "tutors" set "review_count" = "tutors"."review_count" + $1')).toEqual(['content']);
    for (const statement of [
      'commit',
      'truncate users',
      'savepoint a',
      'delete from public.sessions',
      'update "public"."tutors" set x = 1',
    ]) {
      expect(topicsChangedBy(statement)).toEqual(['sessions', 'content']);
    }
  });

  test('a WITH changes the topics of every table it writes, and nothing when it only reads', () => {
    expect(topicsChangedBy('with x as (delete from sessions) select 1')).toEqual(['sessions']);
    expect(
      topicsChangedBy(
        'with "counted" as (update "tutors" set "review_count" = 1 returning "id"), "added" as (insert into "reviews" ("tutor_id") select "id" from "counted" returning "id") select * from "added"',
      ),
    ).toEqual(['content']);
    expect(
      topicsChangedBy('with a as (delete from "users" where id = $1) insert into "rate_limits" ("key") values ($2)'),
    ).toEqual(['sessions', 'content']);
    // An upsert's UPDATE and a locking read write no other table.
    expect(
      topicsChangedBy(
        'with a as (insert into rate_limits (key) values ($1) on conflict (key) do update set count = 2 returning key) select * from a',
      ),
    ).toEqual([]);
    expect(
      topicsChangedBy(
        'with a as (select id from tutors for update), b as (select id from users for no key update) select 1',
      ),
    ).toEqual([]);
    expect(topicsChangedBy('with a as (select 1) select * from a')).toEqual([]);
    expect(topicsChangedBy('with a as (delete from "public"."sessions") select 1')).toEqual(['sessions', 'content']);
  });
});

describe('answers cached in memory', () => {
  let t: TestApp;
  let student: Actor;
  let admin: Actor;
  let tutor: TutorRow;
  beforeEach(async () => {
    t = await createTestApp();
    student = await signedInStudent(t, 'Sam Student');
    admin = await signedInAdmin(t, 'Ada Admin');
    tutor = await createTutorRecord(t.db, { name: 'Grace Hopper' });
    const writer = await signedInStudent(t, 'Walt Writer');
    await createReviewRecord(t.db, { tutorId: tutor.id, authorId: writer.user.id, rating: 2 });
    await waitUntil(() => t.database.cacheVersion.isTracking);
  });
  afterEach(() => t.close());

  const profile = (actor: Actor) =>
    callAs(t, actor, 'GET', apiPaths.tutor(tutor.id)).then((r) => r.json<{ tutor: TutorProfile }>().tutor);
  const reviewsPage = (actor: Actor) =>
    callAs(t, actor, 'GET', apiPaths.tutorReviews(tutor.id)).then((r) => r.json<TutorReviewList>());

  test('repeated reads come from memory, and a change made through the API shows in the very next read', async () => {
    expect((await profile(student)).reviewCount).toBe(1);
    const hitsBefore = t.app.readCache.hits;
    expect((await profile(student)).reviewCount).toBe(1);
    expect((await reviewsPage(student)).total).toBe(1);
    expect((await reviewsPage(student)).total).toBe(1);
    expect(t.app.readCache.hits).toBeGreaterThan(hitsBefore + 2);

    const posted = await callAs(t, student, 'POST', apiPaths.reviews, {
      tutorId: tutor.id,
      title: 'Clear',
      body: 'Explains well.',
      rating: 5,
    });
    expect(posted.statusCode).toBe(201);
    // A review changes content only: the student's session stays in memory.
    const sessionHits = t.app.sessionCache.hits;
    expect(await profile(student)).toMatchObject({
      reviewCount: 2,
      averageRating: 3.5,
      ratingDistribution: [0, 1, 0, 0, 1],
    });
    expect(t.app.sessionCache.hits).toBe(sessionHits + 1);
    const page = await reviewsPage(student);
    expect(page.total).toBe(2);
    const mine = page.items.find((review) => review.title === 'Clear');
    expect(mine).toMatchObject({ writtenByMe: true, reportedByMe: false });

    const other = await signedInStudent(t, 'Olga Other');
    const seenByOther = async (id: string) => (await reviewsPage(other)).items.find((review) => review.id === id);
    expect(await seenByOther(mine!.id)).toMatchObject({ title: 'Clear', writtenByMe: false });
    const reported = page.items.find((review) => review.id !== mine!.id)!;
    expect((await callAs(t, other, 'POST', apiPaths.reviewReports(reported.id), { reason: 'spam' })).statusCode).toBe(
      204,
    );
    expect(await seenByOther(reported.id)).toMatchObject({ reportedByMe: true });
    expect((await reviewsPage(student)).items.find((review) => review.id === reported.id)).toMatchObject({
      reportedByMe: false,
    });
  });

  // On the embedded database every transaction counts as a change (its statements are not
  // seen one by one): a read that opened one would empty every cache on each request.
  test('no documented read moves the cache version, so reads never empty the caches', async () => {
    const w = await createWorld(t, 'reads');
    const reads = documentedOperations(await fetchOpenApi(t.app)).filter((operation) => operation.method === 'GET');
    expect(reads.length).toBeGreaterThan(15);
    const movedBy: string[] = [];
    for (const operation of reads) {
      const entry = authorizationMatrix[operation.key]!;
      // Whoever the matrix lets through, so the read reaches its service.
      const caller = (['student', 'admin', 'anonymous'] as const).find(
        (actor) => entry.statuses[worldActors.indexOf(actor)]! < 300,
      )!;
      const url = withQuery(fillPath(operation.path, entry.params?.(w) ?? {}), entry.query?.(w));
      const before = [t.database.cacheVersion.current('content'), t.database.cacheVersion.current('sessions')];
      const response = await request(t.app, 'GET', url, { as: w.cookies[caller] });
      expect(response.statusCode, `${operation.key}: ${response.body.slice(0, 200)}`).toBeLessThan(300);
      const after = [t.database.cacheVersion.current('content'), t.database.cacheVersion.current('sessions')];
      if (after.join() !== before.join()) movedBy.push(operation.key);
    }
    expect(movedBy).toEqual([]);
  });

  test("the tutor list, search and All Reviews follow every change made through the app's database handle", async () => {
    const list = async (query: string) =>
      (await callAs(t, student, 'GET', `${apiPaths.tutors}${query}`))
        .json<{ items: { name: string }[] }>()
        .items.map((i) => i.name);
    expect(await list('?q=grace')).toEqual(['Grace Hopper']);
    expect(await list('?q=GRACE')).toEqual(['Grace Hopper']);
    // Any statement through the app's database handle counts, not only the API's services.
    await t.db.update(tutors).set({ name: 'Grace Brewster Hopper' }).where(eq(tutors.id, tutor.id));
    expect(await list('?q=grace')).toEqual(['Grace Brewster Hopper']);

    const feedTitles = async () =>
      (await callAs(t, student, 'GET', apiPaths.reviews))
        .json<{ items: { title: string }[] }>()
        .items.map((i) => i.title);
    const before = await feedTitles();
    t.clock.advance(60_000);
    await callAs(t, student, 'POST', apiPaths.reviews, {
      tutorId: tutor.id,
      title: 'Newest',
      body: 'Just written.',
      rating: 4,
    });
    expect(await feedTitles()).toEqual(['Newest', ...before]);
  });

  test('a student who is not the submitter shares the cached profile; the submitter and admins still see the rejection reason', async () => {
    const submitted = await createTutorRecord(t.db, {
      name: 'Pending Person',
      status: 'rejected',
      submittedBy: student.user.id,
    });
    const asSubmitter = await callAs(t, student, 'GET', apiPaths.tutor(submitted.id));
    expect(asSubmitter.json().tutor).toMatchObject({
      submittedByMe: true,
      rejectionReason: 'Not a tutor at this university.',
    });
    const other = await signedInStudent(t, 'Olga Other');
    expect((await callAs(t, other, 'GET', apiPaths.tutor(submitted.id))).statusCode).toBe(404);
    expect((await callAs(t, admin, 'GET', apiPaths.tutor(submitted.id))).json().tutor).toMatchObject({
      submittedByMe: false,
      rejectionReason: 'Not a tutor at this university.',
    });

    await profile(other);
    expect(await profile(student)).toMatchObject({ submittedByMe: false, rejectionReason: null });
  });

  test('a disabled account is signed out at once, though its session was cached in memory', async () => {
    expect((await callAs(t, student, 'GET', apiPaths.session)).json().account).not.toBeNull();
    expect((await callAs(t, student, 'GET', apiPaths.session)).json().account).not.toBeNull();
    expect((await callAs(t, admin, 'POST', apiPaths.disableUser(student.user.id))).statusCode).toBe(200);
    expect((await callAs(t, student, 'GET', apiPaths.session)).json().account).toBeNull();
    expect((await callAs(t, student, 'GET', apiPaths.tutor(tutor.id))).statusCode).toBe(401);
  });

  test('a cached session still ends when it expires', async () => {
    expect((await callAs(t, student, 'GET', apiPaths.session)).json().account).not.toBeNull();
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    expect((await callAs(t, student, 'GET', apiPaths.session)).json().account).toBeNull();
  });

  test('changes made by another instance on the same database reach the cached answers', async () => {
    if (!t.database.url) return; // One process owns an embedded database: there is no other instance.
    const elsewhere = await openDatabase({ kind: 'postgres', url: t.database.url, poolSize: 2 });
    try {
      await waitUntil(() => elsewhere.cacheVersion.isTracking);
      await profile(student);
      await profile(student);
      await elsewhere.db.update(tutors).set({ name: 'Renamed Elsewhere' }).where(eq(tutors.id, tutor.id));
      await waitUntil(async () => (await profile(student)).name === 'Renamed Elsewhere');
      await elsewhere.db.delete(sessions).where(eq(sessions.userId, student.user.id));
      await waitUntil(async () => (await callAs(t, student, 'GET', apiPaths.session)).json().account === null);
    } finally {
      await elsewhere.close();
    }
  });

  test('while the change listener is cut off nothing is served from memory, and it reconnects by itself', async () => {
    if (!t.database.url) return;
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${CHANGE_CHANNEL_APPLICATION_NAME}`,
    );
    await waitUntil(() => !t.database.cacheVersion.isTracking);
    await t.db.update(tutors).set({ name: 'Changed While Cut Off' }).where(eq(tutors.id, tutor.id));
    expect((await profile(student)).name).toBe('Changed While Cut Off');
    await waitUntil(() => t.database.cacheVersion.isTracking, 10_000);
    await t.db.delete(sessions).where(eq(sessions.userId, admin.user.id));
    expect((await callAs(t, admin, 'GET', apiPaths.session)).json().account).toBeNull();
  });
});

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('the condition did not become true in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
