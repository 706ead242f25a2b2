import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { type MyStatistics, STATISTICS_MONTHS } from '../../src/shared/statistics';
import { apiPaths } from '../../src/shared/api-paths';
import { type Actor, callAs, signedInStudent, sessionCookieFor } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createReviewRecord, createTutorRecord, createUserRecord } from '../helpers/factories';
import { request } from '../helpers/requests';

let t: TestApp;
let sam: Actor;
let olive: Actor;
beforeEach(async () => {
  t = await createTestApp();
  sam = await signedInStudent(t, 'Sam Student');
  olive = await signedInStudent(t, 'Olive Other');
});
afterEach(() => t.close());

async function statistics(actor: Actor): Promise<MyStatistics> {
  const response = await callAs(t, actor, 'GET', apiPaths.myStatistics);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MyStatistics>();
}

describe('who may see statistics', () => {
  test('anonymous visitors must log in, unverified accounts verify first', async () => {
    const anonymous = await callAs(t, undefined, 'GET', apiPaths.myStatistics);
    expect(anonymous.statusCode).toBe(401);

    const { user } = await createUserRecord(t.db, { verified: false });
    const cookie = await sessionCookieFor(t, user.id);
    const unverified = await request(t.app, 'GET', apiPaths.myStatistics, { as: cookie });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error.code).toBe('email_not_verified');
  });
});

describe("a student's numbers", () => {
  test('without reviews or submissions: zeros, no average, every month listed', async () => {
    t.clock.set(new Date('2025-03-15T12:00:00Z'));

    expect(await statistics(sam)).toEqual({
      totals: { reviews: 0, averageRatingGiven: null, submissions: 0 },
      reviewsByMonth: [
        '2024-04',
        '2024-05',
        '2024-06',
        '2024-07',
        '2024-08',
        '2024-09',
        '2024-10',
        '2024-11',
        '2024-12',
        '2025-01',
        '2025-02',
        '2025-03',
      ].map((month) => ({ month, count: 0 })),
      ratingsGiven: [1, 2, 3, 4, 5].map((rating) => ({ rating, count: 0 })),
      submissionsByStatus: { pending: 0, approved: 0, rejected: 0 },
    });
  });

  test('own reviews (hidden ones included) by month and rating, and own submissions by status', async () => {
    t.clock.set(new Date('2025-03-15T12:00:00Z'));
    const tutors = await Promise.all(Array.from({ length: 7 }, () => createTutorRecord(t.db)));
    const review = (tutor: number, rating: number, at: string, hidden = false) =>
      createReviewRecord(t.db, {
        tutorId: tutors[tutor]!.id,
        authorId: sam.user.id,
        rating,
        createdAt: new Date(at),
        hidden,
      });
    await review(0, 5, '2025-03-01T00:00:00Z'); // the first instant of this month
    await review(1, 4, '2025-03-15T11:00:00Z');
    await review(2, 1, '2025-02-28T23:59:59Z', true); // hidden: still the student's
    await review(3, 5, '2024-12-31T23:30:00Z');
    await review(4, 3, '2024-04-01T00:00:00Z'); // the oldest month shown
    await review(5, 2, '2024-03-31T23:59:59Z'); // before it: in the totals, not in the chart
    // Someone else's review counts for nobody here.
    await createReviewRecord(t.db, {
      tutorId: tutors[6]!.id,
      authorId: olive.user.id,
      rating: 1,
      createdAt: new Date('2025-03-10T00:00:00Z'),
    });

    await createTutorRecord(t.db, { status: 'pending', submittedBy: sam.user.id });
    await createTutorRecord(t.db, { status: 'pending', submittedBy: sam.user.id });
    await createTutorRecord(t.db, { status: 'approved', submittedBy: sam.user.id });
    await createTutorRecord(t.db, { status: 'rejected', submittedBy: sam.user.id });
    await createTutorRecord(t.db, { status: 'pending', submittedBy: olive.user.id });

    const mine = await statistics(sam);

    expect(mine.totals).toEqual({ reviews: 6, averageRatingGiven: (5 + 4 + 1 + 5 + 3 + 2) / 6, submissions: 4 });
    expect(mine.reviewsByMonth).toHaveLength(STATISTICS_MONTHS);
    expect(mine.reviewsByMonth[0]).toEqual({ month: '2024-04', count: 1 });
    expect(mine.reviewsByMonth.filter((month) => month.count > 0)).toEqual([
      { month: '2024-04', count: 1 },
      { month: '2024-12', count: 1 },
      { month: '2025-02', count: 1 },
      { month: '2025-03', count: 2 },
    ]);
    expect(mine.ratingsGiven).toEqual([
      { rating: 1, count: 1 },
      { rating: 2, count: 1 },
      { rating: 3, count: 1 },
      { rating: 4, count: 1 },
      { rating: 5, count: 2 },
    ]);
    expect(mine.submissionsByStatus).toEqual({ pending: 2, approved: 1, rejected: 1 });

    expect(await statistics(olive)).toMatchObject({
      totals: { reviews: 1, averageRatingGiven: 1, submissions: 1 },
      submissionsByStatus: { pending: 1, approved: 0, rejected: 0 },
    });
  });

  test('the months follow the clock, across the turn of the year', async () => {
    const tutor = await createTutorRecord(t.db);
    await createReviewRecord(t.db, {
      tutorId: tutor.id,
      authorId: sam.user.id,
      rating: 4,
      createdAt: new Date('2025-01-31T23:59:59Z'),
    });

    t.clock.set(new Date('2025-01-31T23:59:59Z'));
    const january = (await statistics(sam)).reviewsByMonth;
    expect(january[0]!.month).toBe('2024-02');
    expect(january.at(-1)).toEqual({ month: '2025-01', count: 1 });

    t.clock.set(new Date('2026-01-01T00:00:00Z'));
    const yearLater = (await statistics(sam)).reviewsByMonth;
    expect(yearLater[0]).toEqual({ month: '2025-02', count: 0 });
    expect(yearLater.at(-1)).toEqual({ month: '2026-01', count: 0 });
    expect(yearLater.every((month) => month.count === 0)).toBe(true);
  });
});
