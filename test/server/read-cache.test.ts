import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ChangeFeed } from '../../src/server/cache/change-feed';
import {
  everythingChanged,
  feedPositionOf,
  reviewAdded,
  reportsChanged,
  reviewFeedChanged,
  sessionsChanged,
  tutorRecordChanged,
  type DataChange,
} from '../../src/server/cache/data-changes';
import { ReadCache } from '../../src/server/cache/read-cache';
import { changeData } from '../../src/server/db/change-data';
import { CHANGE_CHANNEL_APPLICATION_NAME } from '../../src/server/db/change-channel';
import { openDatabase } from '../../src/server/db/client';
import { sessions as sessionsTable, tutors, type TutorRow } from '../../src/server/db/schema';
import { revokeAllSessions } from '../../src/server/services/accounts/sessions';
import type { TutorProfile } from '../../src/shared/tutors';
import type { TutorReviewList } from '../../src/shared/tutor-reviews';
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
  const limits = { enabled: true, maxEntries: 100, maxWeight: 10_000 };
  const onTutor = (tutorId: string) => ({ dependsOn: () => [{ on: 'tutor' as const, tutorId }], weigh: () => 1 });
  const tutorA = {
    kind: 'tutor' as const,
    tutorId: 'a',
    searchText: 'ada lovelace mathematics',
    department: 'Mathematics',
    membership: true,
  };
  const tutorB = {
    kind: 'tutor' as const,
    tutorId: 'b',
    searchText: 'alan turing computing',
    department: 'Computing',
    membership: true,
  };

  function counted() {
    let reads = 0;
    return {
      read: async () => ++reads,
      get reads() {
        return reads;
      },
    };
  }

  test('keeps a read until a change that affects it is published, and only such a change', async () => {
    const feed = new ChangeFeed({ tracking: true });
    const cache = new ReadCache(feed, limits);
    const a = counted();
    expect(await cache.get('a', a.read, onTutor('a'))).toBe(1);
    expect(await cache.get('a', a.read, onTutor('a'))).toBe(1);
    feed.publish([tutorB, reviewFeedChanged, sessionsChanged('u'), reportsChanged('u')]);
    expect(await cache.get('a', a.read, onTutor('a'))).toBe(1);
    feed.publish([tutorA]);
    expect(await cache.get('a', a.read, onTutor('a'))).toBe(2);
    feed.publish([everythingChanged('test')]);
    expect(await cache.get('a', a.read, onTutor('a'))).toBe(3);
  });

  test('a list page is dropped by a change of a tutor its filter matches, before or after the change, and kept otherwise', async () => {
    const feed = new ChangeFeed({ tracking: true });
    const cache = new ReadCache(feed, limits);
    const pages = {
      lovelace: { words: ['love'], department: null },
      maths: { words: [], department: 'Mathematics' },
      everyone: { words: [], department: null },
      turingInMaths: { words: ['turing'], department: 'Mathematics' },
    };
    const readers = Object.fromEntries(Object.keys(pages).map((name) => [name, counted()]));
    const readAll = async () => {
      for (const [name, filter] of Object.entries(pages))
        await cache.get(name, readers[name]!.read, {
          dependsOn: () => [{ on: 'tutor-list', ...filter, sort: 'rating', tutorIds: [], ratings: null }],
          weigh: () => 1,
        });
      return Object.fromEntries(Object.keys(pages).map((name) => [name, readers[name]!.reads]));
    };
    expect(await readAll()).toEqual({ lovelace: 1, maths: 1, everyone: 1, turingInMaths: 1 });
    feed.publish([tutorA]);
    expect(await readAll()).toEqual({ lovelace: 2, maths: 2, everyone: 2, turingInMaths: 1 });
    feed.publish([tutorB]);
    expect(await readAll()).toEqual({ lovelace: 2, maths: 2, everyone: 3, turingInMaths: 1 });
  });

  test('a review leaves the pages by rating ranked wholly above or below its move, and by name those it is not on', async () => {
    const feed = new ChangeFeed({ tracking: true });
    const cache = new ReadCache(feed, limits);
    const everyone = { words: [], department: null };
    const pages = {
      top: { sort: 'rating', tutorIds: ['t1', 't2'], ratings: { highest: 5, lowest: 4.5 } },
      middle: { sort: 'rating', tutorIds: ['t3', 't4'], ratings: { highest: 4.2, lowest: 3.6 } },
      bottom: { sort: 'rating', tutorIds: ['t5', 't6'], ratings: { highest: 2, lowest: null } },
      pastTheEnd: { sort: 'rating', tutorIds: [], ratings: null },
      byName: { sort: 'name', tutorIds: ['t1', 't7'], ratings: { highest: 5, lowest: 2 } },
      byReviews: { sort: 'reviews', tutorIds: ['t8'], ratings: { highest: 5, lowest: 5 } },
    } as const;
    const readers = Object.fromEntries(Object.keys(pages).map((name) => [name, counted()]));
    const readAll = async () => {
      for (const [name, page] of Object.entries(pages))
        await cache.get(name, readers[name]!.read, {
          dependsOn: () => [{ on: 'tutor-list', ...everyone, ...page }],
          weigh: () => 1,
        });
      return Object.fromEntries(Object.keys(pages).map((name) => [name, readers[name]!.reads]));
    };
    const review = (tutorId: string, from: number | null, to: number | null) =>
      reviewAdded(
        { id: tutorId, searchText: 'someone', department: 'Physics' },
        feedPositionOf({ id: 'ffffffff-0000-4000-8000-000000000000', createdAt: new Date() }),
        { from, to },
      );
    await readAll();
    // Tutor t9 (on no kept page) moves from 3.9 to 4.0: only the middle band is crossed, and by reviews anything may move.
    feed.publish(review('t9', 3.9, 4.0));
    expect(await readAll()).toEqual({ top: 1, middle: 2, bottom: 1, pastTheEnd: 1, byName: 1, byReviews: 2 });
    // A tie with a page's edge counts as crossing it.
    feed.publish(review('t9', 4.5, 4.4));
    expect(await readAll()).toEqual({ top: 2, middle: 2, bottom: 1, pastTheEnd: 1, byName: 1, byReviews: 3 });
    // A first review lifts a tutor out of the unrated tail, past every page above it up to its rating.
    feed.publish(review('t10', null, 3));
    expect(await readAll()).toEqual({ top: 2, middle: 2, bottom: 2, pastTheEnd: 1, byName: 1, byReviews: 4 });
    // A tutor on a page changes its card: by name too.
    feed.publish(review('t1', 4.8, 4.9));
    expect(await readAll()).toEqual({ top: 3, middle: 2, bottom: 2, pastTheEnd: 1, byName: 2, byReviews: 5 });
    // Without an exact move (another instance's announcement, an edit), every matching page may have moved.
    feed.publish([{ ...tutorA, membership: false }]);
    expect(await readAll()).toEqual({ top: 4, middle: 3, bottom: 3, pastTheEnd: 2, byName: 2, byReviews: 6 });
  });

  test("a list's total is kept through a review (the tutor's average moved) and dropped when a tutor enters or leaves", async () => {
    const feed = new ChangeFeed({ tracking: true });
    const cache = new ReadCache(feed, limits);
    const total = counted();
    const everyone = { words: [], department: null };
    const readTotal = () =>
      cache.get('total', total.read, { dependsOn: () => [{ on: 'tutor-list-total', ...everyone }], weigh: () => 1 });
    await readTotal();
    feed.publish([{ ...tutorA, membership: false }]);
    expect(await readTotal()).toBe(1);
    feed.publish([tutorA]);
    expect(await readTotal()).toBe(2);
  });

  test('a new review drops the feed pages it lands in or before, and leaves the pages of older reviews', async () => {
    const feed = new ChangeFeed({ tracking: true });
    const cache = new ReadCache(feed, limits);
    const cursorAt = (createdAt: string) => ({ createdAt, id: '00000000-0000-4000-8000-000000000000' });
    const pages = {
      newest: null,
      older: cursorAt('2026-11-20T10:00:00.000000Z'),
      oldest: cursorAt('2026-11-01T10:00:00.000000Z'),
    };
    const readers = Object.fromEntries(Object.keys(pages).map((name) => [name, counted()]));
    const readAll = async () => {
      for (const [name, after] of Object.entries(pages))
        await cache.get(name, readers[name]!.read, { dependsOn: () => [{ on: 'review-feed', after }], weigh: () => 1 });
      return Object.fromEntries(Object.keys(pages).map((name) => [name, readers[name]!.reads]));
    };
    await readAll();
    const added = (createdAt: string) =>
      reviewAdded(
        { id: 'a', searchText: tutorA.searchText, department: tutorA.department },
        feedPositionOf({ id: 'ffffffff-0000-4000-8000-000000000000', createdAt: new Date(createdAt) }),
      );
    feed.publish(added('2026-11-26T10:00:00Z'));
    expect(await readAll()).toEqual({ newest: 2, older: 1, oldest: 1 });
    // A writer whose clock is behind: the review lands among older ones.
    feed.publish(added('2026-11-10T10:00:00Z'));
    expect(await readAll()).toEqual({ newest: 3, older: 2, oldest: 1 });
    feed.publish([reviewFeedChanged]);
    expect(await readAll()).toEqual({ newest: 4, older: 3, oldest: 2 });
  });

  test("an answer depending on what it read (a session on its user) is dropped by that user's change", async () => {
    const feed = new ChangeFeed({ tracking: true });
    const cache = new ReadCache(feed, limits);
    const read = vi.fn(async () => ({ userId: 'u1' }));
    const keptAs = {
      dependsOn: (s: { userId: string }) => [{ on: 'sessions' as const, userId: s.userId }],
      weigh: () => 1,
    };
    await cache.get('token', read, keptAs);
    await cache.get('token', read, keptAs);
    feed.publish([sessionsChanged('u2')]);
    await cache.get('token', read, keptAs);
    expect(read).toHaveBeenCalledTimes(1);
    feed.publish([sessionsChanged('u1')]);
    await cache.get('token', read, keptAs);
    expect(read).toHaveBeenCalledTimes(2);
  });

  test('a read that overlapped an affecting change is answered but not kept; an unrelated change does not stop it', async () => {
    const feed = new ChangeFeed({ tracking: true });
    const cache = new ReadCache(feed, limits);
    const slow = deferred<string>();
    const first = cache.get('a', () => slow.promise, onTutor('a'));
    feed.publish([tutorB]);
    feed.publish([tutorA]);
    slow.resolve('read before the change');
    expect(await first).toBe('read before the change');
    expect(await cache.get('a', async () => 'fresh', onTutor('a'))).toBe('fresh');

    const unrelated = deferred<string>();
    const second = cache.get('b', () => unrelated.promise, onTutor('b'));
    feed.publish([tutorA]);
    unrelated.resolve('kept');
    await second;
    expect(await cache.get('b', async () => 'not read', onTutor('b'))).toBe('kept');
  });

  test('concurrent misses share one read, but never one that started before a change', async () => {
    const feed = new ChangeFeed({ tracking: true });
    const cache = new ReadCache(feed, limits);
    const loads: ReturnType<typeof deferred<string>>[] = [];
    const load = () => {
      const d = deferred<string>();
      loads.push(d);
      return d.promise;
    };
    const [a, b] = [cache.get('k', load, onTutor('k')), cache.get('k', load, onTutor('k'))];
    expect(loads).toHaveLength(1);
    feed.publish([reviewFeedChanged]);
    const c = cache.get('k', load, onTutor('k'));
    expect(loads).toHaveLength(2);
    loads[0]!.resolve('old');
    loads[1]!.resolve('new');
    expect(await Promise.all([a, b, c])).toEqual(['old', 'old', 'new']);
  });

  test('nothing is served from memory while changes made elsewhere are not heard, nor with the cache off', async () => {
    const feed = new ChangeFeed({ tracking: false });
    const cache = new ReadCache(feed, limits);
    const a = counted();
    await cache.get('a', a.read, onTutor('a'));
    await cache.get('a', a.read, onTutor('a'));
    expect(a.reads).toBe(2);
    feed.setTracking(true);
    await cache.get('a', a.read, onTutor('a'));
    await cache.get('a', a.read, onTutor('a'));
    expect(a.reads).toBe(3);
    feed.setTracking(false);
    await cache.get('a', a.read, onTutor('a'));
    expect(a.reads).toBe(4);

    const off = new ReadCache(new ChangeFeed({ tracking: true }), { ...limits, enabled: false });
    const b = counted();
    await off.get('b', b.read, onTutor('b'));
    await off.get('b', b.read, onTutor('b'));
    expect(b.reads).toBe(2);
  });

  test('the least recently used entries go first beyond the entry and weight limits', async () => {
    const feed = new ChangeFeed({ tracking: true });
    const cache = new ReadCache(feed, { enabled: true, maxEntries: 3, maxWeight: 100 });
    const weighing = (weight: number) => ({ dependsOn: () => [], weigh: () => weight });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key, weighing(10));
    await cache.get('a', async () => 'reread', weighing(10));
    await cache.get('d', async () => 'd', weighing(10));
    expect(cache.size).toBe(3);
    expect(await cache.get('b', async () => 'b again', weighing(10))).toBe('b again');
    expect(await cache.get('a', async () => 'not read', weighing(10))).toBe('a');
    await cache.get('heavy', async () => 'heavy', weighing(90));
    expect(cache.size).toBeLessThanOrEqual(2);
    expect(await cache.get('too heavy', async () => 'x', weighing(101))).toBe('x');
    expect(await cache.get('too heavy', async () => 'y', weighing(101))).toBe('y');
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
    await waitUntil(() => t.database.changeFeed.isTracking);
  });
  afterEach(() => t.close());

  const profile = (actor: Actor) =>
    callAs(t, actor, 'GET', apiPaths.tutor(tutor.id)).then((r) => r.json<{ tutor: TutorProfile }>().tutor);
  const reviewsPage = (actor: Actor) =>
    callAs(t, actor, 'GET', apiPaths.tutorReviews(tutor.id)).then((r) => r.json<TutorReviewList>());

  test('a review moving a tutor across others moves the pages by rating it is not on, and only those', async () => {
    // One tutor a page, by rating: Grace (2), then Linus (3), then Ken (unrated).
    const linus = await createTutorRecord(t.db, { name: 'Linus Third' });
    const ken = await createTutorRecord(t.db, { name: 'Ken Unrated' });
    const rater = await signedInStudent(t, 'Rita Rater');
    await createReviewRecord(t.db, { tutorId: linus.id, authorId: rater.user.id, rating: 3 });
    const pageNames = async () => {
      const names: string[] = [];
      for (const page of [1, 2, 3])
        names.push(
          ...(await callAs(t, student, 'GET', `${apiPaths.tutors}?sort=rating&pageSize=1&page=${page}`))
            .json<{ items: { name: string }[] }>()
            .items.map((item) => item.name),
        );
      return names;
    };
    expect(await pageNames()).toEqual(['Linus Third', 'Grace Hopper', 'Ken Unrated']);
    await pageNames();
    const review = async (tutorId: string, rating: number) =>
      expect(
        (await callAs(t, student, 'POST', apiPaths.reviews, { tutorId, title: 'Moves', body: 'It moves.', rating }))
          .statusCode,
      ).toBe(201);

    // Grace goes from 2 to 3.5: past Linus, whose page she was not on.
    await review(tutor.id, 5);
    expect(await pageNames()).toEqual(['Grace Hopper', 'Linus Third', 'Ken Unrated']);
    // Ken's first review (1 star) lifts him out of the unrated tail, but not past anyone: the top page stays kept.
    const hits = t.app.readCache.hits;
    await review(ken.id, 1);
    expect(await pageNames()).toEqual(['Grace Hopper', 'Linus Third', 'Ken Unrated']);
    expect(t.app.readCache.hits).toBeGreaterThanOrEqual(hits + 2);
  });

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

  test('no documented read publishes a change, so reads never drop kept answers', async () => {
    const w = await createWorld(t, 'reads');
    // Reads of data: campus sign-in's GETs are page navigations answered with redirects.
    const reads = documentedOperations(await fetchOpenApi(t.app)).filter(
      (operation) =>
        operation.method === 'GET' && authorizationMatrix[operation.key]!.statuses.some((status) => status < 300),
    );
    expect(reads.length).toBeGreaterThan(15);
    const movedBy: string[] = [];
    for (const operation of reads) {
      const entry = authorizationMatrix[operation.key]!;
      // Whoever the matrix lets through, so the read reaches its service.
      const caller = (['student', 'admin', 'anonymous'] as const).find(
        (actor) => entry.statuses[worldActors.indexOf(actor)]! < 300,
      )!;
      const url = withQuery(fillPath(operation.path, entry.params?.(w) ?? {}), entry.query?.(w));
      const published: DataChange[] = [];
      const unsubscribe = t.database.changeFeed.subscribe((changes) => published.push(...changes));
      const response = await request(t.app, 'GET', url, { as: w.cookies[caller] });
      unsubscribe();
      expect(response.statusCode, `${operation.key}: ${response.body.slice(0, 200)}`).toBeLessThan(300);
      if (published.length > 0) movedBy.push(operation.key);
    }
    expect(movedBy).toEqual([]);
  });

  test('the tutor list, search and All Reviews follow every change, made through the API or said by a write of its own', async () => {
    const list = async (query: string) =>
      (await callAs(t, student, 'GET', `${apiPaths.tutors}${query}`))
        .json<{ items: { name: string }[] }>()
        .items.map((i) => i.name);
    expect(await list('?q=grace')).toEqual(['Grace Hopper']);
    expect(await list('?q=GRACE')).toEqual(['Grace Hopper']);
    // Any write that says what it changed counts, not only the API's services.
    await changeData(t.db, [], async (tx, alsoChanged) => {
      const [renamed] = await tx
        .update(tutors)
        .set({ name: 'Grace Brewster Hopper', searchText: 'grace brewster hopper computer science' })
        .where(eq(tutors.id, tutor.id))
        .returning();
      alsoChanged(...tutorRecordChanged(tutor, renamed!));
    });
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

  test("a session used through another instance is not judged idle by this one's kept copy, nor written on every request", async () => {
    const DAY = 24 * 60 * 60 * 1000;
    expect((await callAs(t, student, 'GET', apiPaths.session)).json().account).not.toBeNull();
    // Another instance sees the session in use near the end of the idle period and notes it,
    // telling nobody (a last-active time is not announced).
    t.clock.advance(3 * DAY - 60_000);
    await t.db.update(sessionsTable).set({ lastActiveAt: t.clock() }).where(eq(sessionsTable.userId, student.user.id));
    t.clock.advance(2 * 60_000);
    expect((await callAs(t, student, 'GET', apiPaths.session)).json().account).not.toBeNull();
    // Now written through this instance, which read it once more: the rest of the minute's
    // requests are answered from the kept copy and write nothing.
    await callAs(t, student, 'GET', apiPaths.session);
    const hits = t.app.sessionCache.hits;
    for (let i = 0; i < 3; i++) expect((await callAs(t, student, 'GET', apiPaths.session)).statusCode).toBe(200);
    expect(t.app.sessionCache.hits).toBe(hits + 3);
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
      await waitUntil(() => elsewhere.changeFeed.isTracking);
      await profile(student);
      await profile(student);
      await changeData(elsewhere.db, tutorRecordChanged(tutor), (tx) =>
        tx.update(tutors).set({ name: 'Renamed Elsewhere' }).where(eq(tutors.id, tutor.id)),
      );
      await waitUntil(async () => (await profile(student)).name === 'Renamed Elsewhere', 1_000);
      await revokeAllSessions(elsewhere.db, student.user.id);
      await waitUntil(async () => (await callAs(t, student, 'GET', apiPaths.session)).json().account === null, 1_000);
    } finally {
      await elsewhere.close();
    }
  });

  test('while the change listener is cut off nothing is served from memory, and it reconnects by itself', async () => {
    if (!t.database.url) return;
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name like ${`${CHANGE_CHANNEL_APPLICATION_NAME} %`}`,
    );
    await waitUntil(() => !t.database.changeFeed.isTracking);
    // Even a write that said nothing shows while no answer is kept.
    await t.db.update(tutors).set({ name: 'Changed While Cut Off' }).where(eq(tutors.id, tutor.id));
    expect((await profile(student)).name).toBe('Changed While Cut Off');
    await waitUntil(() => t.database.changeFeed.isTracking, 10_000);
    await revokeAllSessions(t.db, admin.user.id);
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
