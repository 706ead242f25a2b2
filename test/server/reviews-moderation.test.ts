import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  auditLog,
  notifications,
  reviewReports,
  reviews,
  type ReviewRow,
  type TutorRow,
} from '../../src/server/db/schema';
import {
  ALREADY_REPORTED_MESSAGE,
  OWN_REVIEW_REPORT_MESSAGE,
  REPORT_DETAILS_REQUIRED_MESSAGE,
  REVIEW_NOT_FOUND_MESSAGE,
} from '../../src/shared/reviews';
import type { ReviewFeed } from '../../src/shared/review-answers';
import type { AdminReviewList } from '../../src/shared/review-moderation';
import type { TutorProfile } from '../../src/shared/tutors';
import type { TutorReviewList } from '../../src/shared/tutor-reviews';
import { apiPaths } from '../../src/shared/api-paths';
import { type Actor, callAs, signedInAdmin, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createReviewRecord, createTutorRecord, tutorAggregates } from '../helpers/factories';

let t: TestApp;
let author: Actor;
let reader: Actor;
let admin: Actor;
let tutor: TutorRow;
let review: ReviewRow;
beforeEach(async () => {
  t = await createTestApp();
  author = await signedInStudent(t, 'Ada Author');
  reader = await signedInStudent(t, 'Rita Reader');
  admin = await signedInAdmin(t, 'Dana Dean');
  tutor = await createTutorRecord(t.db, { name: 'Grace Hopper' });
  review = await createReviewRecord(t.db, {
    tutorId: tutor.id,
    authorId: author.user.id,
    rating: 1,
    title: 'Awful',
    body: 'Rude remarks.',
  });
  const otherWriter = await signedInStudent(t, 'Walt Writer');
  await createReviewRecord(t.db, { tutorId: tutor.id, authorId: otherWriter.user.id, rating: 5 });
});
afterEach(() => t.close());

function adminList(query = ''): Promise<AdminReviewList> {
  return callAs(t, admin, 'GET', `${apiPaths.adminReviews}${query}`).then((response) => response.json());
}

async function notificationsOf(userId: string) {
  return t.db
    .select({ kind: notifications.kind, tutorId: notifications.tutorId, data: notifications.data })
    .from(notifications)
    .where(eq(notifications.userId, userId));
}

describe('reporting', () => {
  test('a student reports a review once; the report hides nothing', async () => {
    const first = await callAs(t, reader, 'POST', apiPaths.reviewReports(review.id), {
      reason: 'personal_attack',
      details: '  Mocks a classmate.  ',
    });
    expect(first.statusCode).toBe(204);
    const second = await callAs(t, reader, 'POST', apiPaths.reviewReports(review.id), { reason: 'spam' });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({ code: 'conflict', message: ALREADY_REPORTED_MESSAGE });

    const stored = await t.db.select().from(reviewReports);
    expect(stored).toEqual([
      expect.objectContaining({
        reviewId: review.id,
        reporterId: reader.user.id,
        reason: 'personal_attack',
        details: 'Mocks a classmate.',
      }),
    ]);
    const [still] = await t.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(still?.isHidden).toBe(false);
    expect(await tutorAggregates(t.db, tutor.id)).toEqual({ reviewCount: 2, ratingSum: 6, averageRating: 3 });
  });

  test('"other" needs words; the reason must be one of the list', async () => {
    const bare = await callAs(t, reader, 'POST', apiPaths.reviewReports(review.id), { reason: 'other', details: '  ' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.message).toBe(REPORT_DETAILS_REQUIRED_MESSAGE);
    expect((await callAs(t, reader, 'POST', apiPaths.reviewReports(review.id), { reason: 'boring' })).statusCode).toBe(
      400,
    );
    expect(await t.db.select().from(reviewReports)).toEqual([]);
    expect(
      (
        await callAs(t, reader, 'POST', apiPaths.reviewReports(review.id), {
          reason: 'other',
          details: 'Copied from another site.',
        })
      ).statusCode,
    ).toBe(204);
  });

  test('nobody reports their own review, a hidden one, or one they cannot see; anonymous visitors cannot report', async () => {
    const own = await callAs(t, author, 'POST', apiPaths.reviewReports(review.id), { reason: 'spam' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toEqual({ code: 'forbidden', message: OWN_REVIEW_REPORT_MESSAGE });

    expect((await callAs(t, undefined, 'POST', apiPaths.reviewReports(review.id), { reason: 'spam' })).statusCode).toBe(
      401,
    );

    const hidden = await createReviewRecord(t.db, {
      tutorId: tutor.id,
      authorId: admin.user.id,
      rating: 2,
      hidden: true,
    });
    const privateTutor = await createTutorRecord(t.db, { status: 'approved', isPublic: false });
    const onPrivate = await createReviewRecord(t.db, { tutorId: privateTutor.id, authorId: author.user.id, rating: 2 });
    for (const target of [hidden.id, onPrivate.id, 'not-a-uuid']) {
      const response = await callAs(t, reader, 'POST', apiPaths.reviewReports(target), { reason: 'spam' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'not_found', message: REVIEW_NOT_FOUND_MESSAGE });
    }
    expect(await t.db.select().from(reviewReports)).toEqual([]);
  });
});

describe('review management list', () => {
  test('the reported filter puts the most reported first, with counts and reasons', async () => {
    const mild = await createReviewRecord(t.db, {
      tutorId: tutor.id,
      authorId: reader.user.id,
      rating: 3,
      title: 'Mild',
    });
    const reporters = await Promise.all(['One', 'Two', 'Three'].map((name) => signedInStudent(t, `Reporter ${name}`)));
    expect(
      (await callAs(t, reporters[0], 'POST', apiPaths.reviewReports(mild.id), { reason: 'spam' })).statusCode,
    ).toBe(204);
    for (const [i, reporter] of reporters.entries()) {
      const payload = i === 2 ? { reason: 'other', details: 'Threatening tone.' } : { reason: 'personal_attack' };
      expect((await callAs(t, reporter, 'POST', apiPaths.reviewReports(review.id), payload)).statusCode).toBe(204);
    }

    const reported = await adminList('?reported=true');
    expect(reported.total).toBe(2);
    expect(reported.items.map((item) => [item.title, item.openReportCount])).toEqual([
      ['Awful', 3],
      ['Mild', 1],
    ]);
    const top = reported.items[0]!;
    expect(top.author).toEqual({ id: author.user.id, name: 'Ada Author', email: author.user.email });
    expect(top.reports.map((item) => [item.reason, item.details, item.reporterName]).sort()).toEqual([
      ['other', 'Threatening tone.', 'Reporter Three'],
      ['personal_attack', null, 'Reporter One'],
      ['personal_attack', null, 'Reporter Two'],
    ]);

    const everything = await adminList();
    expect(everything.total).toBe(3);
  });

  test('search matches title, text, author and tutor; hide-hidden leaves hidden ones out', async () => {
    const other = await createTutorRecord(t.db, { name: 'José Núñez' });
    await createReviewRecord(t.db, {
      tutorId: other.id,
      authorId: reader.user.id,
      rating: 4,
      title: 'Great labs',
      hidden: true,
    });

    expect((await adminList('?q=awful')).items.map((item) => item.title)).toEqual(['Awful']);
    expect((await adminList('?q=rude%20REMARKS')).items.map((item) => item.title)).toEqual(['Awful']);
    expect((await adminList('?q=rita')).items.map((item) => item.title)).toEqual(['Great labs']);
    expect((await adminList('?q=nunez')).items.map((item) => item.title)).toEqual(['Great labs']);
    expect((await adminList(`?q=${encodeURIComponent(author.user.email)}`)).items.map((item) => item.title)).toEqual([
      'Awful',
    ]);
    expect((await adminList('?q=100%25')).items).toEqual([]);

    expect((await adminList()).total).toBe(3);
    const visibleOnly = await adminList('?hideHidden=true');
    expect(visibleOnly.total).toBe(2);
    expect(visibleOnly.items.every((item) => !item.isHidden)).toBe(true);
    expect((await callAs(t, admin, 'GET', `${apiPaths.adminReviews}?hideHidden=maybe`)).statusCode).toBe(400);
  });
});

describe('hiding, unhiding and deleting', () => {
  test('hiding takes the review out of the profile, the feed and the average, settles its reports and tells the author why', async () => {
    expect(
      (await callAs(t, reader, 'POST', apiPaths.reviewReports(review.id), { reason: 'personal_attack' })).statusCode,
    ).toBe(204);

    const hidden = await callAs(t, admin, 'POST', apiPaths.hideReview(review.id), {
      reason: 'Insults the tutor.',
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().review).toMatchObject({
      id: review.id,
      isHidden: true,
      hiddenReason: 'Insults the tutor.',
      openReportCount: 0,
      reports: [],
    });

    expect(await tutorAggregates(t.db, tutor.id)).toEqual({ reviewCount: 1, ratingSum: 5, averageRating: 5 });
    const profile: TutorProfile = (await callAs(t, reader, 'GET', apiPaths.tutor(tutor.id))).json().tutor;
    expect(profile).toMatchObject({ reviewCount: 1, averageRating: 5, ratingDistribution: [0, 0, 0, 0, 1] });
    const listed: TutorReviewList = (await callAs(t, reader, 'GET', apiPaths.tutorReviews(tutor.id))).json();
    expect(listed.items.map((item) => item.id)).not.toContain(review.id);
    const feed: ReviewFeed = (await callAs(t, reader, 'GET', apiPaths.reviews)).json();
    expect(feed.items.map((item) => item.id)).not.toContain(review.id);
    expect((await adminList('?reported=true')).items).toEqual([]);

    expect(await notificationsOf(author.user.id)).toEqual([
      {
        kind: 'review_hidden',
        tutorId: tutor.id,
        data: { tutorName: 'Grace Hopper', reviewTitle: 'Awful', reviewId: review.id, reason: 'Insults the tutor.' },
      },
    ]);
    const log = await t.db.select().from(auditLog);
    expect(log).toEqual([
      expect.objectContaining({
        action: 'review_hidden',
        actorId: admin.user.id,
        targetType: 'review',
        targetId: review.id,
        subjectUserId: author.user.id,
        reason: 'Insults the tutor.',
      }),
    ]);

    // The author still sees it, with the reason.
    const mine = (await callAs(t, author, 'GET', apiPaths.myReviews)).json();
    expect(mine.items[0]).toMatchObject({ id: review.id, isHidden: true, hiddenReason: 'Insults the tutor.' });

    const twice = await callAs(t, admin, 'POST', apiPaths.hideReview(review.id), { reason: 'Again.' });
    expect(twice.statusCode).toBe(409);
    expect(await tutorAggregates(t.db, tutor.id)).toEqual({ reviewCount: 1, ratingSum: 5, averageRating: 5 });
  });

  test('a reason is required to hide or delete', async () => {
    for (const [method, url] of [
      ['POST', apiPaths.hideReview(review.id)],
      ['DELETE', apiPaths.adminReview(review.id)],
    ] as const) {
      const response = await callAs(t, admin, method, url, { reason: ' ' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('A reason is required.');
    }
    expect((await t.db.select().from(reviews).where(eq(reviews.id, review.id)))[0]?.isHidden).toBe(false);
  });

  test('unhiding puts it back into the lists and the average, and tells the author', async () => {
    await callAs(t, admin, 'POST', apiPaths.hideReview(review.id), { reason: 'Checking a complaint.' });
    const shown = await callAs(t, admin, 'POST', apiPaths.unhideReview(review.id));
    expect(shown.statusCode).toBe(200);
    expect(shown.json().review).toMatchObject({ isHidden: false, hiddenReason: null });
    expect(await tutorAggregates(t.db, tutor.id)).toEqual({ reviewCount: 2, ratingSum: 6, averageRating: 3 });
    expect((await notificationsOf(author.user.id)).map((row) => row.kind)).toEqual([
      'review_hidden',
      'review_unhidden',
    ]);
    expect((await callAs(t, admin, 'POST', apiPaths.unhideReview(review.id))).statusCode).toBe(409);
  });

  test('an administrator deletes any review with a reason that outlives it', async () => {
    const deleted = await callAs(t, admin, 'DELETE', apiPaths.adminReview(review.id), { reason: 'Harassment.' });
    expect(deleted.statusCode).toBe(204);
    expect(await t.db.select().from(reviews).where(eq(reviews.id, review.id))).toEqual([]);
    expect(await tutorAggregates(t.db, tutor.id)).toEqual({ reviewCount: 1, ratingSum: 5, averageRating: 5 });
    expect(await notificationsOf(author.user.id)).toEqual([
      {
        kind: 'review_deleted',
        tutorId: tutor.id,
        data: { tutorName: 'Grace Hopper', reviewTitle: 'Awful', reviewId: review.id, reason: 'Harassment.' },
      },
    ]);
    const [entry] = await t.db.select().from(auditLog);
    expect(entry).toMatchObject({
      action: 'review_deleted',
      targetType: 'review',
      targetId: review.id,
      reason: 'Harassment.',
      data: { reviewTitle: 'Awful' },
    });

    const again = await callAs(t, admin, 'DELETE', apiPaths.adminReview(review.id), { reason: 'Harassment.' });
    expect(again.statusCode).toBe(404);
  });

  test('deleting a hidden review leaves the average alone', async () => {
    await callAs(t, admin, 'POST', apiPaths.hideReview(review.id), { reason: 'Off topic.' });
    expect(
      (await callAs(t, admin, 'DELETE', apiPaths.adminReview(review.id), { reason: 'Off topic.' })).statusCode,
    ).toBe(204);
    expect(await tutorAggregates(t.db, tutor.id)).toEqual({ reviewCount: 1, ratingSum: 5, averageRating: 5 });
  });

  test('dismissing reports keeps the review and empties the reported queue', async () => {
    expect((await callAs(t, admin, 'POST', apiPaths.dismissReviewReports(review.id))).statusCode).toBe(409);
    await callAs(t, reader, 'POST', apiPaths.reviewReports(review.id), { reason: 'false_information' });
    const dismissed = await callAs(t, admin, 'POST', apiPaths.dismissReviewReports(review.id));
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().review).toMatchObject({ isHidden: false, openReportCount: 0 });
    expect((await adminList('?reported=true')).total).toBe(0);
    // Settled reports still count as made: the same student cannot report it again.
    expect((await callAs(t, reader, 'POST', apiPaths.reviewReports(review.id), { reason: 'spam' })).statusCode).toBe(
      409,
    );
    expect(await notificationsOf(author.user.id)).toEqual([]);
  });

  test('a moderator acting on their own review gets no notification', async () => {
    const own = await createReviewRecord(t.db, { tutorId: tutor.id, authorId: admin.user.id, rating: 3 });
    await callAs(t, admin, 'POST', apiPaths.hideReview(own.id), { reason: 'Mine, testing.' });
    expect(await notificationsOf(admin.user.id)).toEqual([]);
  });
});
