import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { reviews, tutors, type TutorRow } from '../../src/server/db/schema';
import {
  ALREADY_REVIEWED_MESSAGE,
  PUBLIC_TUTORS_ONLY_MESSAGE,
  REVIEW_FORM_INCOMPLETE_MESSAGE,
  MY_REVIEWS_TUTOR_IDS_MAX,
  REVIEW_FEED_COUNT_MAX,
  REVIEW_NOT_FOUND_MESSAGE,
} from '../../src/shared/reviews';
import type { RecentReviews, ReviewFeed } from '../../src/shared/review-answers';
import type { MyReviewList } from '../../src/shared/my-reviews';
import type { TutorReviewList } from '../../src/shared/tutor-reviews';
import { apiPaths } from '../../src/shared/api-paths';
import { type Actor, callAs, signedInAdmin, signedInStudent, sessionCookieFor } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createReviewRecord, createTutorRecord, createUserRecord, tutorAggregates } from '../helpers/factories';
import { request } from '../helpers/requests';
import { reviewDraft, tutorProfileAs, writeReviewAs } from '../helpers/review-requests';

let t: TestApp;
let author: Actor;
let other: Actor;
let admin: Actor;
let tutor: TutorRow;
beforeEach(async () => {
  t = await createTestApp();
  author = await signedInStudent(t, 'Ada Author');
  other = await signedInStudent(t, 'Olive Other');
  admin = await signedInAdmin(t, 'Dana Dean');
  tutor = await createTutorRecord(t.db, { name: 'Grace Hopper' });
});
afterEach(() => t.close());

const SOME_UUID = '6f1c2b1e-8d0a-4c3e-9b7a-2f5d4e3c1a00';
const REVIEW_NOT_FOUND = { code: 'not_found', message: REVIEW_NOT_FOUND_MESSAGE };
const TUTOR_NOT_FOUND = { code: 'not_found', message: 'No Teacher Record Found' };
const ONLY_PUBLIC = { code: 'forbidden', message: PUBLIC_TUTORS_ONLY_MESSAGE };

const draft = (overrides: Record<string, unknown> = {}) => reviewDraft(tutor.id, overrides);
const writeReview = (actor: Actor, overrides: Record<string, unknown> = {}) =>
  writeReviewAs(t, actor, tutor.id, overrides);
const profileOf = (tutorId: string, actor: Actor = other) => tutorProfileAs(t, actor, tutorId);

describe('who may call', () => {
  const studentRoutes = [
    ['GET', apiPaths.reviews],
    ['GET', apiPaths.recentReviews],
    ['GET', apiPaths.myReviews],
    ['POST', apiPaths.reviews],
    ['GET', apiPaths.review(SOME_UUID)],
    ['PATCH', apiPaths.review(SOME_UUID)],
    ['DELETE', apiPaths.review(SOME_UUID)],
    ['POST', apiPaths.reviewReports(SOME_UUID)],
  ] as const;

  test.each(studentRoutes)('%s %s: anonymous 401, unverified 403', async (method, url) => {
    const payload = method === 'POST' || method === 'PATCH' ? draft() : undefined;
    const anonymous = await callAs(t, undefined, method, url, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');

    const { user } = await createUserRecord(t.db, { verified: false });
    const cookie = await sessionCookieFor(t, user.id);
    const unverified = await request(t.app, method, url, { as: cookie, payload });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error.code).toBe('email_not_verified');
  });

  const adminRoutes = [
    ['GET', apiPaths.adminReviews],
    ['POST', apiPaths.hideReview(SOME_UUID)],
    ['POST', apiPaths.unhideReview(SOME_UUID)],
    ['POST', apiPaths.dismissReviewReports(SOME_UUID)],
    ['DELETE', apiPaths.adminReview(SOME_UUID)],
  ] as const;

  test.each(adminRoutes)('%s %s: anonymous 401, student 403, and nothing changes', async (method, url) => {
    const review = await createReviewRecord(t.db, { tutorId: tutor.id, authorId: author.user.id, rating: 5 });
    const target = url.replace(SOME_UUID, review.id);
    const payload = url.endsWith('/hide') || method === 'DELETE' ? { reason: 'Insulting.' } : undefined;

    expect((await callAs(t, undefined, method, target, payload)).statusCode).toBe(401);
    const asStudent = await callAs(t, other, method, target, payload);
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json().error.code).toBe('forbidden');

    const [stored] = await t.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(stored?.isHidden).toBe(false);
    expect(await tutorAggregates(t.db, tutor.id)).toEqual({ reviewCount: 1, ratingSum: 5, averageRating: 5 });
  });
});

describe('writing a review', () => {
  test('creates it visible, with the average and count moved in the same change', async () => {
    const review = await writeReview(author, { rating: 4 });
    expect(review).toMatchObject({
      tutor: { id: tutor.id, name: 'Grace Hopper', department: 'Computer Science', isPublic: true },
      title: 'Clear and patient',
      rating: 4,
      aiAssisted: false,
      showName: false,
      isHidden: false,
      hiddenReason: null,
    });
    await writeReview(other, { rating: 1 });
    await writeReview(admin, { rating: 1 });
    const third = await signedInStudent(t, 'Third Student');
    await writeReview(third, { rating: 1 });

    // 4, 1, 1, 1: the true mean is 1.75 (the old floor((old + new) / 2) rule gave 1 or 3).
    expect(await tutorAggregates(t.db, tutor.id)).toEqual({ reviewCount: 4, ratingSum: 7, averageRating: 1.75 });
    const profile = await profileOf(tutor.id);
    expect(profile).toMatchObject({ averageRating: 1.75, reviewCount: 4, ratingDistribution: [3, 0, 0, 1, 0] });

    const listed: TutorReviewList = (await callAs(t, other, 'GET', apiPaths.tutorReviews(tutor.id))).json();
    expect(listed.total).toBe(4);
    expect(listed.items.find((item) => item.id === review.id)).toMatchObject({
      authorName: null,
      writtenByMe: false,
      reportedByMe: false,
    });
  });

  test('trims the text and keeps whether AI drafted it', async () => {
    const review = await writeReview(author, { title: '  Spaced out  ', body: '\n Body \n', aiAssisted: true });
    expect(review).toMatchObject({ title: 'Spaced out', body: 'Body', aiAssisted: true });
  });

  test.each([
    ['no tutor', { tutorId: undefined }, 'tutorId'],
    ['an empty title', { title: '   ' }, 'title'],
    ['an empty review', { body: '' }, 'body'],
    ['no rating', { rating: undefined }, 'rating'],
    ['a zero rating', { rating: 0 }, 'rating'],
  ])('refuses %s with the form message and stores nothing', async (_label, overrides, path) => {
    const response = await callAs(t, author, 'POST', apiPaths.reviews, draft(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'validation_error',
      message: REVIEW_FORM_INCOMPLETE_MESSAGE,
      fields: [{ path, message: REVIEW_FORM_INCOMPLETE_MESSAGE }],
    });
    expect(await t.db.select().from(reviews)).toEqual([]);
    expect(await tutorAggregates(t.db, tutor.id)).toEqual({ reviewCount: 0, ratingSum: 0, averageRating: null });
  });

  test.each([
    ['six stars', { rating: 6 }, 'A rating is at most 5 stars.'],
    ['half a star', { rating: 3.5 }, 'A rating is a whole number of stars.'],
    ['a title too long', { title: 'x'.repeat(151) }, 'The title must be at most 150 characters.'],
    ['a review too long', { body: 'x'.repeat(5001) }, 'The review must be at most 5000 characters.'],
  ])('refuses %s with a clear message', async (_label, overrides, message) => {
    const response = await callAs(t, author, 'POST', apiPaths.reviews, draft(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    expect(await t.db.select().from(reviews)).toEqual([]);
  });

  test('one review per student and tutor: a second is refused and offers the first for editing', async () => {
    const first = await writeReview(author, { rating: 5 });
    const second = await callAs(t, author, 'POST', apiPaths.reviews, draft({ rating: 1, title: 'Changed my mind' }));
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({ code: 'review_exists', message: ALREADY_REVIEWED_MESSAGE });
    expect(await tutorAggregates(t.db, tutor.id)).toEqual({ reviewCount: 1, ratingSum: 5, averageRating: 5 });

    // The form finds the existing review to edit through the student's own list.
    const mine: MyReviewList = (await callAs(t, author, 'GET', `${apiPaths.myReviews}?tutorId=${tutor.id}`)).json();
    expect(mine.items.map((item) => item.id)).toEqual([first.id]);

    // Another tutor is another review.
    const otherTutor = await createTutorRecord(t.db);
    await writeReview(author, { tutorId: otherTutor.id });
  });

  test("the picker's lookup: the student's own reviews of the tutors named, and nobody else's", async () => {
    const second = await createTutorRecord(t.db);
    const unreviewed = await createTutorRecord(t.db);
    const first = await writeReview(author);
    const later = await writeReview(author, { tutorId: second.id });
    await writeReview(other, { tutorId: unreviewed.id });
    const lookup = async (ids: string[]) => {
      const response = await callAs(t, author, 'GET', `${apiPaths.myReviews}?tutorIds=${ids.join(',')}&pageSize=50`);
      expect(response.statusCode, response.body).toBe(200);
      return new Map(response.json<MyReviewList>().items.map((item) => [item.tutor.id, item.id]));
    };
    expect(await lookup([tutor.id, second.id, unreviewed.id])).toEqual(
      new Map([
        [second.id, later.id],
        [tutor.id, first.id],
      ]),
    );
    expect(await lookup([unreviewed.id])).toEqual(new Map());
    expect(await lookup([])).toEqual(new Map());

    const tooMany = Array.from({ length: MY_REVIEWS_TUTOR_IDS_MAX + 1 }, () => SOME_UUID);
    const refused = await callAs(t, author, 'GET', `${apiPaths.myReviews}?tutorIds=${tooMany.join(',')}`);
    expect(refused.statusCode).toBe(400);
    const malformed = await callAs(t, author, 'GET', `${apiPaths.myReviews}?tutorIds=not-an-id`);
    expect(malformed.statusCode).toBe(400);
  });

  test('one review per student and tutor holds when the same review is sent many times at once', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => callAs(t, author, 'POST', apiPaths.reviews, draft({ rating: 3 }))),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await tutorAggregates(t.db, tutor.id)).toEqual({ reviewCount: 1, ratingSum: 3, averageRating: 3 });
  });

  test('nobody reviews a private tutor: not even its submitter or an administrator', async () => {
    const pending = await createTutorRecord(t.db, { status: 'pending', submittedBy: author.user.id });
    const hidden = await createTutorRecord(t.db, { status: 'approved', isPublic: false });

    const asOther = await callAs(t, other, 'POST', apiPaths.reviews, draft({ tutorId: pending.id }));
    expect(asOther.statusCode).toBe(404);
    expect(asOther.json().error).toEqual(TUTOR_NOT_FOUND);

    const asSubmitter = await callAs(t, author, 'POST', apiPaths.reviews, draft({ tutorId: pending.id }));
    expect(asSubmitter.statusCode).toBe(403);
    expect(asSubmitter.json().error).toEqual(ONLY_PUBLIC);

    for (const target of [pending, hidden]) {
      const asAdmin = await callAs(t, admin, 'POST', apiPaths.reviews, draft({ tutorId: target.id }));
      expect(asAdmin.statusCode).toBe(403);
      expect(asAdmin.json().error).toEqual(ONLY_PUBLIC);
    }
    const unknown = await callAs(t, author, 'POST', apiPaths.reviews, draft({ tutorId: SOME_UUID }));
    expect(unknown.json().error).toEqual(TUTOR_NOT_FOUND);
    expect(await t.db.select().from(reviews)).toEqual([]);
  });
});

describe('editing and deleting', () => {
  test('only the author edits: the average follows the new rating', async () => {
    const review = await writeReview(author, { rating: 2 });
    await writeReview(other, { rating: 4 });

    const edited = await callAs(t, author, 'PATCH', apiPaths.review(review.id), {
      title: 'Better now',
      body: 'Much improved.',
      rating: 5,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().review).toMatchObject({
      id: review.id,
      title: 'Better now',
      body: 'Much improved.',
      rating: 5,
    });
    expect(await tutorAggregates(t.db, tutor.id)).toEqual({ reviewCount: 2, ratingSum: 9, averageRating: 4.5 });

    const update = { title: 'Hijacked', body: 'Not mine.', rating: 1 };
    const asOther = await callAs(t, other, 'PATCH', apiPaths.review(review.id), update);
    expect(asOther.statusCode).toBe(403);
    expect(asOther.json().error).toEqual({ code: 'forbidden', message: 'Only its author can change this review.' });
    const asAdmin = await callAs(t, admin, 'PATCH', apiPaths.review(review.id), update);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().error.message).toBe(
      'Only its author can change a review; administrators can hide or delete it.',
    );
    expect((await callAs(t, undefined, 'PATCH', apiPaths.review(review.id), update)).statusCode).toBe(401);

    const [stored] = await t.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(stored).toMatchObject({ title: 'Better now', rating: 5 });
    expect(await tutorAggregates(t.db, tutor.id)).toEqual({ reviewCount: 2, ratingSum: 9, averageRating: 4.5 });
  });

  test('an edit is validated like a new review', async () => {
    const review = await writeReview(author);
    const response = await callAs(t, author, 'PATCH', apiPaths.review(review.id), {
      title: 'Fine',
      body: ' ',
      rating: 3,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(REVIEW_FORM_INCOMPLETE_MESSAGE);
  });

  test('a review whose tutor was made private can be deleted but no longer edited', async () => {
    const review = await writeReview(author, { rating: 3 });
    await t.db.update(tutors).set({ isPublic: false }).where(eq(tutors.id, tutor.id));
    const edit = await callAs(t, author, 'PATCH', apiPaths.review(review.id), {
      title: 'Again',
      body: 'Again.',
      rating: 1,
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error).toEqual(ONLY_PUBLIC);
    expect((await callAs(t, author, 'DELETE', apiPaths.review(review.id))).statusCode).toBe(204);
    expect(await tutorAggregates(t.db, tutor.id)).toEqual({ reviewCount: 0, ratingSum: 0, averageRating: null });
  });

  test('only the author deletes through the student API; the average is recomputed', async () => {
    const review = await writeReview(author, { rating: 1 });
    await writeReview(other, { rating: 5 });

    expect((await callAs(t, other, 'DELETE', apiPaths.review(review.id))).statusCode).toBe(403);
    expect((await callAs(t, admin, 'DELETE', apiPaths.review(review.id))).statusCode).toBe(403);
    expect((await callAs(t, undefined, 'DELETE', apiPaths.review(review.id))).statusCode).toBe(401);
    expect(await tutorAggregates(t.db, tutor.id)).toEqual({ reviewCount: 2, ratingSum: 6, averageRating: 3 });

    expect((await callAs(t, author, 'DELETE', apiPaths.review(review.id))).statusCode).toBe(204);
    expect(await tutorAggregates(t.db, tutor.id)).toEqual({ reviewCount: 1, ratingSum: 5, averageRating: 5 });
    const again = await callAs(t, author, 'DELETE', apiPaths.review(review.id));
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toEqual(REVIEW_NOT_FOUND);
  });

  test("someone else's hidden review is not found rather than forbidden", async () => {
    const review = await createReviewRecord(t.db, {
      tutorId: tutor.id,
      authorId: author.user.id,
      rating: 2,
      hidden: true,
    });
    const response = await callAs(t, other, 'PATCH', apiPaths.review(review.id), { title: 'x', body: 'y', rating: 1 });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual(REVIEW_NOT_FOUND);
  });

  test('the edit form loads only the caller’s own review; unknown and malformed ids are not found', async () => {
    const review = await writeReview(author);
    const own = await callAs(t, author, 'GET', apiPaths.review(review.id));
    expect(own.statusCode).toBe(200);
    expect(own.json().review).toMatchObject({
      id: review.id,
      title: 'Clear and patient',
      rating: 4,
      tutor: { id: tutor.id },
    });

    for (const [actor, id] of [
      [other, review.id],
      [admin, review.id],
      [author, SOME_UUID],
      [author, 'not-a-uuid'],
    ] as const) {
      const response = await callAs(t, actor, 'GET', apiPaths.review(id));
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual(REVIEW_NOT_FOUND);
    }
  });
});

describe('reading reviews', () => {
  test('My Reviews lists the student’s own, newest first, hidden ones with the moderator’s reason', async () => {
    const older = await createTutorRecord(t.db, { name: 'Older Tutor' });
    await createReviewRecord(t.db, {
      tutorId: older.id,
      authorId: author.user.id,
      rating: 2,
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    const newest = await writeReview(author);
    await t.db
      .update(reviews)
      .set({ isHidden: true, hiddenReason: 'Names a classmate.' })
      .where(eq(reviews.id, newest.id));
    await writeReview(other);

    const mine: MyReviewList = (await callAs(t, author, 'GET', apiPaths.myReviews)).json();
    expect(mine.total).toBe(2);
    expect(mine.items.map((item) => [item.tutor.name, item.isHidden, item.hiddenReason])).toEqual([
      ['Grace Hopper', true, 'Names a classmate.'],
      ['Older Tutor', false, null],
    ]);
    const empty: MyReviewList = (await callAs(t, admin, 'GET', apiPaths.myReviews)).json();
    expect(empty).toMatchObject({ items: [], total: 0 });
  });

  test('the feed pages through every visible review of a public tutor exactly once, newest first', async () => {
    const privateTutor = await createTutorRecord(t.db, { status: 'approved', isPublic: false });
    const writers = await Promise.all(
      Array.from({ length: 7 }, (_, i) => createUserRecord(t.db, { name: `Writer ${i}`, verified: true })),
    );
    const tutorsToReview = [tutor, await createTutorRecord(t.db), await createTutorRecord(t.db)];
    const expected: string[] = [];
    let minute = 0;
    for (const { user } of writers) {
      for (const target of tutorsToReview) {
        // Several reviews share a timestamp: the id breaks the tie, so no page repeats or skips one.
        const createdAt = new Date(Date.UTC(2026, 5, 1, 12, Math.floor(minute++ / 3)));
        const review = await createReviewRecord(t.db, { tutorId: target.id, authorId: user.id, rating: 3, createdAt });
        expected.push(review.id);
      }
      await createReviewRecord(t.db, { tutorId: privateTutor.id, authorId: user.id, rating: 1 });
    }
    const hidden = await createReviewRecord(t.db, {
      tutorId: tutor.id,
      authorId: author.user.id,
      rating: 1,
      hidden: true,
    });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `${apiPaths.reviews}?limit=4${cursor ? `&cursor=${cursor}` : ''}`;
      const page: ReviewFeed = (await callAs(t, other, 'GET', url)).json();
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);

    expect(pages).toBe(Math.ceil(expected.length / 4));
    // The first page says how many there are (hidden reviews and private tutors' left out); the others do not.
    const first: ReviewFeed = (await callAs(t, other, 'GET', `${apiPaths.reviews}?limit=4`)).json();
    expect(first.total).toEqual({ count: expected.length, more: false });
    const second: ReviewFeed = (
      await callAs(t, other, 'GET', `${apiPaths.reviews}?limit=4&cursor=${first.nextCursor}`)
    ).json();
    expect(second.total).toBeNull();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).not.toContain(hidden.id);
    const rows = await t.db.select({ id: reviews.id, createdAt: reviews.createdAt }).from(reviews);
    const createdAtOf = new Map(rows.map((row) => [row.id, row.createdAt.getTime()]));
    const expectedOrder = [...expected].sort((a, b) => createdAtOf.get(b)! - createdAtOf.get(a)! || (a < b ? 1 : -1));
    expect(seen).toEqual(expectedOrder);
  });

  test('a feed card carries the tutor and the author name its author chose to show', async () => {
    await writeReview(author, { title: 'Card title', showName: true });
    const feed: ReviewFeed = (await callAs(t, other, 'GET', apiPaths.reviews)).json();
    expect(feed.nextCursor).toBeNull();
    expect(feed.total).toEqual({ count: 1, more: false });
    expect(feed.items).toEqual([
      expect.objectContaining({
        title: 'Card title',
        rating: 4,
        authorName: 'Ada Author',
        tutor: { id: tutor.id, name: 'Grace Hopper', department: 'Computer Science', image: null, isPublic: true },
      }),
    ]);
  });

  test("the feed's count follows a new review and a hidden one, though the first page was kept", async () => {
    const count = async () => ((await callAs(t, other, 'GET', apiPaths.reviews)).json() as ReviewFeed).total;
    expect(await count()).toEqual({ count: 0, more: false });
    const review = await writeReview(author);
    expect(await count()).toEqual({ count: 1, more: false });
    const hidden = await callAs(t, admin, 'POST', apiPaths.hideReview(review.id), { reason: 'Off topic' });
    expect(hidden.statusCode, hidden.body).toBeLessThan(300);
    expect(await count()).toEqual({ count: 0, more: false });
  });

  test(`the feed counts up to ${REVIEW_FEED_COUNT_MAX} reviews and says there are more past that`, async () => {
    // One review by each of many students, written in bulk with the tutor's aggregates as every
    // review write keeps them: the count's cap, not the writing, is tested.
    const bulk = REVIEW_FEED_COUNT_MAX + 1;
    await t.db.execute(sql`
      with students as (
        insert into users (name, email, password_hash)
        select 'Bulk ' || n, 'bulk' || n || '@example.edu', 'not a hash' from generate_series(1, ${bulk}) n
        returning id
      ), written as (
        insert into reviews (tutor_id, author_id, title, body, rating) select ${tutor.id}, id, 'T', 'B', 4 from students
      )
      update tutors set review_count = review_count + ${bulk}, rating_sum = rating_sum + 4 * ${bulk},
        rating_4_count = rating_4_count + ${bulk} where id = ${tutor.id}`);
    const feed: ReviewFeed = (await callAs(t, other, 'GET', apiPaths.reviews)).json();
    expect(feed.total).toEqual({ count: REVIEW_FEED_COUNT_MAX, more: true });
  });

  test('a damaged cursor is a clear 400', async () => {
    for (const cursor of ['garbage', Buffer.from('["yesterday","x"]').toString('base64url'), 'a b']) {
      const response = await callAs(t, other, 'GET', `${apiPaths.reviews}?cursor=${encodeURIComponent(cursor)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toMatch(/bad_request|validation_error/);
    }
  });

  test('a cursor that is not exactly what the server wrote is a clear 400, never a 500', async () => {
    const review = await writeReview(author, { title: 'The one review' });
    const crafted = (position: unknown, id: unknown = review.id) =>
      Buffer.from(JSON.stringify([position, id])).toString('base64url');
    const cursors = [
      crafted('1'),
      crafted('Tue Feb 30 2021'),
      crafted('-271821-04-20'),
      crafted('2021-02-30T00:00:00.000000Z'),
      crafted('2021-02-28T24:00:00.000000Z'),
      crafted('2021-02-28 10:00:00+00'),
      crafted('2021-02-28T10:00:00Z'),
      crafted('infinity'),
      crafted('epoch'),
      crafted(20210228),
      crafted('2021-02-28T10:00:00.000000Z', 'not-a-uuid'),
      Buffer.from(JSON.stringify(['2021-02-28T10:00:00.000000Z', review.id, 'more'])).toString('base64url'),
      Buffer.from(JSON.stringify({ createdAt: '2021-02-28T10:00:00.000000Z', id: review.id })).toString('base64url'),
    ];
    for (const cursor of cursors) {
      const response = await callAs(t, other, 'GET', `${apiPaths.reviews}?cursor=${cursor}`);
      expect(response.statusCode, `${Buffer.from(cursor, 'base64url').toString()}: ${response.body}`).toBe(400);
      expect(response.json().error).toEqual({
        code: 'bad_request',
        message: 'The cursor is not valid; start again from the first page.',
      });
    }
    // The form the server writes is taken, and continues after the given review.
    const continued = await callAs(
      t,
      other,
      'GET',
      `${apiPaths.reviews}?cursor=${crafted('2999-12-31T23:59:59.999999Z')}`,
    );
    expect(continued.statusCode).toBe(200);
    expect(continued.json<ReviewFeed>().items.map((item) => item.id)).toEqual([review.id]);
  });

  test('Recent Reviews are the 3 latest visible ones', async () => {
    const writers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createUserRecord(t.db, { name: `Writer ${i}`, verified: true })),
    );
    const ids: string[] = [];
    for (const [i, { user }] of writers.entries()) {
      const review = await createReviewRecord(t.db, {
        tutorId: tutor.id,
        authorId: user.id,
        rating: 4,
        hidden: i === 4,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
      ids.push(review.id);
    }
    const recent: RecentReviews = (await callAs(t, author, 'GET', apiPaths.recentReviews)).json();
    expect(recent.items.map((item) => item.id)).toEqual([ids[3], ids[2], ids[1]]);
  });

  test("a profile's reviews say which one is the viewer's and which the viewer reported", async () => {
    const mine = await writeReview(author);
    const theirs = await writeReview(other);
    expect((await callAs(t, author, 'POST', apiPaths.reviewReports(theirs.id), { reason: 'spam' })).statusCode).toBe(
      204,
    );
    const listed: TutorReviewList = (await callAs(t, author, 'GET', apiPaths.tutorReviews(tutor.id))).json();
    const flags = Object.fromEntries(listed.items.map((item) => [item.id, [item.writtenByMe, item.reportedByMe]]));
    expect(flags).toEqual({ [mine.id]: [true, false], [theirs.id]: [false, true] });
  });
});

describe('anonymous by default', () => {
  /** Every answer another student can get that shows the review, as raw text. */
  async function answersShowingReviewTo(actor: Actor) {
    const paths = [
      apiPaths.tutorReviews(tutor.id),
      apiPaths.tutor(tutor.id),
      apiPaths.reviews,
      `${apiPaths.reviews}?limit=1`,
      apiPaths.recentReviews,
    ];
    const bodies = [];
    for (const path of paths) {
      const response = await callAs(t, actor, 'GET', path);
      expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
      bodies.push(response.body);
    }
    // The feed's next page, through the cursor the first page of one handed out.
    const cursor = (JSON.parse(bodies[3]!) as ReviewFeed).nextCursor;
    if (cursor) bodies.push((await callAs(t, actor, 'GET', `${apiPaths.reviews}?limit=1&cursor=${cursor}`)).body);
    return bodies.join('\n');
  }

  function expectNoTraceOf(text: string, user: Actor['user']) {
    for (const identity of [user.name, user.email, user.id]) expect(text).not.toContain(identity);
  }

  test("another student's answers carry no trace of an anonymous review's author, in any list, cursor or refusal", async () => {
    const review = await writeReview(author, { title: 'Unsigned' });
    // A second review, so the feed's first page of one hands out a cursor.
    await writeReview(admin, { title: 'Older one' });
    const seen = await answersShowingReviewTo(other);
    expect(seen).toContain('Unsigned');
    expectNoTraceOf(seen, author.user);

    const listed: TutorReviewList = (await callAs(t, other, 'GET', apiPaths.tutorReviews(tutor.id))).json();
    expect(listed.items.find((item) => item.id === review.id)?.authorName).toBeNull();

    // Refusals name no one either: editing, deleting or reading someone else's review.
    const refusals = await Promise.all([
      callAs(t, other, 'GET', apiPaths.review(review.id)),
      callAs(t, other, 'PATCH', apiPaths.review(review.id), draft({ title: 'Mine now' })),
      callAs(t, other, 'DELETE', apiPaths.review(review.id)),
      callAs(t, other, 'POST', apiPaths.reviewReports(review.id), { reason: 'spam' }),
      callAs(t, other, 'POST', apiPaths.reviewReports(review.id), { reason: 'spam' }),
    ]);
    expectNoTraceOf(refusals.map((response) => response.body).join('\n'), author.user);
  });

  test('the author sees it as theirs, and a moderator sees who wrote it', async () => {
    const review = await writeReview(author);
    const mine: MyReviewList = (await callAs(t, author, 'GET', apiPaths.myReviews)).json();
    expect(mine.items).toEqual([expect.objectContaining({ id: review.id, showName: false })]);
    const listed: TutorReviewList = (await callAs(t, author, 'GET', apiPaths.tutorReviews(tutor.id))).json();
    expect(listed.items).toEqual([expect.objectContaining({ id: review.id, authorName: null, writtenByMe: true })]);

    const moderated = await callAs(t, admin, 'GET', apiPaths.adminReviews);
    expect(moderated.json().items).toEqual([
      expect.objectContaining({
        id: review.id,
        showName: false,
        author: { id: author.user.id, name: 'Ada Author', email: author.user.email },
      }),
    ]);
  });

  test('"Show my name on this review" shows it everywhere; unticking it takes it away again', async () => {
    const review = await writeReview(author);
    await writeReview(admin, { title: 'Older one' });
    // Read once, so every answer is kept in memory before the author changes their mind.
    expectNoTraceOf(await answersShowingReviewTo(other), author.user);

    const named = await callAs(t, author, 'PATCH', apiPaths.review(review.id), draft({ showName: true }));
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().review.showName).toBe(true);
    const listed: TutorReviewList = (await callAs(t, other, 'GET', apiPaths.tutorReviews(tutor.id))).json();
    expect(listed.items.find((item) => item.id === review.id)?.authorName).toBe('Ada Author');
    const feed: ReviewFeed = (await callAs(t, other, 'GET', apiPaths.reviews)).json();
    expect(feed.items.find((item) => item.id === review.id)?.authorName).toBe('Ada Author');
    const recent: RecentReviews = (await callAs(t, other, 'GET', apiPaths.recentReviews)).json();
    expect(recent.items.find((item) => item.id === review.id)?.authorName).toBe('Ada Author');

    const unnamed = await callAs(t, author, 'PATCH', apiPaths.review(review.id), draft({ showName: false }));
    expect(unnamed.statusCode, unnamed.body).toBe(200);
    expectNoTraceOf(await answersShowingReviewTo(other), author.user);
  });

  test("an author's new name shows on their signed reviews, never on their anonymous ones", async () => {
    const signedTutor = await createTutorRecord(t.db, { name: 'Alan Turing' });
    await writeReview(author, { title: 'Unsigned' });
    await writeReview(author, { tutorId: signedTutor.id, title: 'Signed', showName: true });
    const before = await answersShowingReviewTo(other);
    expect(before).toContain('Ada Author');

    const renamed = await callAs(t, admin, 'PATCH', apiPaths.adminUser(author.user.id), { name: 'Ada Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const feed: ReviewFeed = (await callAs(t, other, 'GET', apiPaths.reviews)).json();
    expect(Object.fromEntries(feed.items.map((item) => [item.title, item.authorName]))).toEqual({
      Signed: 'Ada Renamed',
      Unsigned: null,
    });
    const unsignedPage = await callAs(t, other, 'GET', apiPaths.tutorReviews(tutor.id));
    expect(unsignedPage.body).not.toContain('Ada');
  });
});
