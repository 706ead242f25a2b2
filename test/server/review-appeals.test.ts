import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  auditLog,
  deletedReviews,
  notifications,
  reviewAppeals,
  reviews,
  type ReviewRow,
  type TutorRow,
} from '../../src/server/db/schema';
import {
  APPEAL_ALREADY_DECIDED_MESSAGE,
  APPEAL_ALREADY_MADE_MESSAGE,
  APPEAL_RESTORE_CONFLICT_MESSAGE,
  APPEAL_TEXT_MAX_LENGTH,
  type AdminAppealList,
  type MyDeletedReviewList,
} from '../../src/shared/appeals';
import { apiPaths } from '../../src/shared/api-paths';
import type { MyReviewList } from '../../src/shared/my-reviews';
import { type Actor, callAs, signedInAdmin, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  createReviewRecord,
  createTutorRecord,
  recomputedTutorAggregates,
  tutorAggregates,
} from '../helpers/factories';

let t: TestApp;
let author: Actor;
let stranger: Actor;
let admin: Actor;
let tutor: TutorRow;
let review: ReviewRow;
beforeEach(async () => {
  t = await createTestApp();
  author = await signedInStudent(t, 'Ada Author');
  stranger = await signedInStudent(t, 'Sid Stranger');
  admin = await signedInAdmin(t, 'Dana Dean');
  tutor = await createTutorRecord(t.db, { name: 'Grace Hopper' });
  review = await createReviewRecord(t.db, {
    tutorId: tutor.id,
    authorId: author.user.id,
    rating: 2,
    title: 'Harsh but fair',
    body: 'Marks strictly.',
  });
  const other = await signedInStudent(t, 'Walt Writer');
  await createReviewRecord(t.db, { tutorId: tutor.id, authorId: other.user.id, rating: 5 });
});
afterEach(() => t.close());

const hide = () => callAs(t, admin, 'POST', apiPaths.hideReview(review.id), { reason: 'Off topic.' });
const remove = () => callAs(t, admin, 'DELETE', apiPaths.adminReview(review.id), { reason: 'Names a classmate.' });
const appeal = (actor: Actor, text = 'It is about the course, please look again.') =>
  callAs(t, actor, 'POST', apiPaths.reviewAppeal(review.id), { text });
const queue = (): Promise<AdminAppealList> =>
  callAs(t, admin, 'GET', apiPaths.adminAppeals).then((response) => response.json());
const decide = (appealId: string, decision: 'restore' | 'uphold', reason = 'Looked again.') =>
  callAs(t, admin, 'POST', apiPaths.decideAppeal(appealId, decision), { reason });

async function notificationsOf(userId: string) {
  return t.db
    .select({ kind: notifications.kind, data: notifications.data })
    .from(notifications)
    .where(eq(notifications.userId, userId));
}

describe('appealing', () => {
  test('hide and delete tell the author which review, so the notification can lead to its appeal', async () => {
    expect((await hide()).statusCode).toBe(200);
    expect((await remove()).statusCode).toBe(204);
    const told = await notificationsOf(author.user.id);
    expect(told.map((n) => [n.kind, n.data.reviewId])).toEqual([
      ['review_hidden', review.id],
      ['review_deleted', review.id],
    ]);
  });

  test('the author appeals a hidden review once; My Reviews shows the appeal waiting', async () => {
    await hide();
    const first = await appeal(author, '  It is about the course.  ');
    expect(first.statusCode).toBe(201);
    expect(first.json().appeal).toMatchObject({
      against: 'hidden',
      text: 'It is about the course.',
      status: 'pending',
    });
    const second = await appeal(author);
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({ code: 'conflict', message: APPEAL_ALREADY_MADE_MESSAGE });

    const mine: MyReviewList = (await callAs(t, author, 'GET', apiPaths.myReviews)).json();
    expect(mine.items.find((item) => item.id === review.id)?.appeal).toMatchObject({ status: 'pending' });
  });

  test('only the author, only a hidden or deleted review, and only with a text', async () => {
    expect((await appeal(author)).statusCode).toBe(409);
    await hide();
    expect((await appeal(stranger)).statusCode).toBe(404);
    expect((await appeal(admin)).statusCode).toBe(404);
    const empty = await appeal(author, '   ');
    expect(empty.statusCode).toBe(400);
    const long = await appeal(author, 'x'.repeat(APPEAL_TEXT_MAX_LENGTH + 1));
    expect(long.statusCode).toBe(400);
    expect(await t.db.select().from(reviewAppeals)).toEqual([]);
  });

  test('a deleted review is kept for its author, who sees it with the reason and can appeal it', async () => {
    await remove();
    expect(await t.db.select().from(reviews).where(eq(reviews.id, review.id))).toEqual([]);
    const [kept] = await t.db.select().from(deletedReviews);
    expect(kept).toMatchObject({
      id: review.id,
      tutorId: tutor.id,
      authorId: author.user.id,
      deletedBy: admin.user.id,
      reason: 'Names a classmate.',
    });
    expect(kept!.review).toMatchObject({ title: 'Harsh but fair', rating: 2, author_id: author.user.id });

    const list: MyDeletedReviewList = (await callAs(t, author, 'GET', apiPaths.myDeletedReviews)).json();
    expect(list.items).toEqual([
      expect.objectContaining({ id: review.id, title: 'Harsh but fair', reason: 'Names a classmate.', appeal: null }),
    ]);
    expect((await callAs(t, stranger, 'GET', apiPaths.myDeletedReviews)).json().items).toEqual([]);

    expect((await appeal(author)).json().appeal).toMatchObject({ against: 'deleted', status: 'pending' });
    const after: MyDeletedReviewList = (await callAs(t, author, 'GET', apiPaths.myDeletedReviews)).json();
    expect(after.items[0]?.appeal).toMatchObject({ status: 'pending' });
  });

  test('an author deleting their own review deletes it for good, and withdraws its appeal', async () => {
    await hide();
    await appeal(author);
    expect((await callAs(t, author, 'DELETE', apiPaths.review(review.id))).statusCode).toBe(204);
    expect(await t.db.select().from(deletedReviews)).toEqual([]);
    expect(await t.db.select().from(reviewAppeals)).toEqual([]);
    expect((await queue()).total).toBe(0);
  });
});

describe('deciding', () => {
  test('the queue lists waiting appeals oldest first, with the review as it was and who removed it', async () => {
    await hide();
    await appeal(author, 'First appeal.');
    const otherTutor = await createTutorRecord(t.db, { name: 'Alan Turing' });
    const second = await createReviewRecord(t.db, {
      tutorId: otherTutor.id,
      authorId: author.user.id,
      rating: 3,
      title: 'Gone',
    });
    await callAs(t, admin, 'DELETE', apiPaths.adminReview(second.id), { reason: 'Spam.' });
    t.clock.advance(1000);
    await callAs(t, author, 'POST', apiPaths.reviewAppeal(second.id), { text: 'Second appeal.' });

    const list = await queue();
    expect(list.total).toBe(2);
    expect(list.items.map((item) => item.text)).toEqual(['First appeal.', 'Second appeal.']);
    expect(list.items[0]!.review).toMatchObject({
      id: review.id,
      title: 'Harsh but fair',
      state: 'hidden',
      reason: 'Off topic.',
      removedBy: 'Dana Dean',
      tutor: { id: tutor.id, name: 'Grace Hopper' },
      author: { id: author.user.id, name: 'Ada Author' },
    });
    expect(list.items[1]!.review).toMatchObject({ title: 'Gone', state: 'deleted', reason: 'Spam.' });
  });

  test('restoring a hidden review shows it again, counts it, tells the author and logs it; once', async () => {
    const before = await tutorAggregates(t.db, tutor.id);
    await hide();
    await appeal(author);
    const [waiting] = (await queue()).items;
    const restored = await decide(waiting!.id, 'restore', 'It is about teaching after all.');
    expect(restored.statusCode).toBe(200);
    expect(restored.json().appeal).toMatchObject({
      status: 'restored',
      decisionReason: 'It is about teaching after all.',
    });

    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toMatchObject({ isHidden: false, hiddenReason: null });
    expect(await tutorAggregates(t.db, tutor.id)).toEqual(before);
    expect(await recomputedTutorAggregates(t.db, tutor.id)).toMatchObject({
      reviewCount: before.reviewCount,
      ratingSum: before.ratingSum,
    });

    const told = await notificationsOf(author.user.id);
    expect(told.at(-1)).toEqual({
      kind: 'appeal_restored',
      data: expect.objectContaining({ reason: 'It is about teaching after all.', reviewId: review.id }),
    });
    const logged = await t.db.select().from(auditLog).where(eq(auditLog.action, 'review_appeal_restored'));
    expect(logged).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        targetType: 'review',
        targetId: review.id,
        reason: 'It is about teaching after all.',
      }),
    ]);
    expect((await queue()).total).toBe(0);
    const again = await decide(waiting!.id, 'uphold');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(APPEAL_ALREADY_DECIDED_MESSAGE);
  });

  test('restoring a deleted review puts it back with its id and columns, in the aggregates', async () => {
    const before = await tutorAggregates(t.db, tutor.id);
    await remove();
    expect((await tutorAggregates(t.db, tutor.id)).reviewCount).toBe(before.reviewCount - 1);
    await appeal(author);
    const [waiting] = (await queue()).items;
    expect((await decide(waiting!.id, 'restore')).statusCode).toBe(200);

    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toEqual({ ...review, helpfulCount: 0 });
    expect(await t.db.select().from(deletedReviews)).toEqual([]);
    expect(await tutorAggregates(t.db, tutor.id)).toEqual(before);
    const tutorPage = (await callAs(t, stranger, 'GET', apiPaths.tutorReviews(tutor.id))).json();
    expect(tutorPage.items.map((item: { id: string }) => item.id)).toContain(review.id);
    const mine: MyReviewList = (await callAs(t, author, 'GET', apiPaths.myReviews)).json();
    expect(mine.items.find((item) => item.id === review.id)).toMatchObject({ isHidden: false });
  });

  test('a deleted review is not restored over a review its author wrote since: the moderator upholds instead', async () => {
    await remove();
    await appeal(author);
    await createReviewRecord(t.db, { tutorId: tutor.id, authorId: author.user.id, rating: 4, title: 'Written since' });
    const [waiting] = (await queue()).items;
    const refused = await decide(waiting!.id, 'restore');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(APPEAL_RESTORE_CONFLICT_MESSAGE);
    expect(await t.db.select({ id: deletedReviews.id }).from(deletedReviews)).toEqual([{ id: review.id }]);

    const upheld = await decide(waiting!.id, 'uphold', 'The rules stand.');
    expect(upheld.statusCode).toBe(200);
    expect(upheld.json().appeal).toMatchObject({ status: 'upheld', decisionReason: 'The rules stand.' });
    const told = await notificationsOf(author.user.id);
    expect(told.at(-1)).toEqual({
      kind: 'appeal_upheld',
      data: expect.objectContaining({ reason: 'The rules stand.', reviewId: review.id }),
    });
    const logged = await t.db.select().from(auditLog).where(eq(auditLog.action, 'review_appeal_upheld'));
    expect(logged).toHaveLength(1);
    const list: MyDeletedReviewList = (await callAs(t, author, 'GET', apiPaths.myDeletedReviews)).json();
    expect(list.items[0]?.appeal).toMatchObject({ status: 'upheld', decisionReason: 'The rules stand.' });
  });

  test('unhiding an appealed review settles its appeal: restored, out of the queue', async () => {
    expect((await hide()).statusCode).toBe(200);
    expect((await appeal(author)).statusCode).toBe(201);
    expect((await queue()).items).toHaveLength(1);

    expect((await callAs(t, admin, 'POST', apiPaths.unhideReview(review.id))).statusCode).toBe(200);

    expect((await queue()).items).toEqual([]);
    const [settled] = await t.db.select().from(reviewAppeals).where(eq(reviewAppeals.reviewId, review.id));
    expect(settled).toMatchObject({ status: 'restored', decidedBy: admin.user.id });
    const mine: MyReviewList = (await callAs(t, author, 'GET', apiPaths.myReviews)).json();
    expect(mine.items.find((item) => item.id === review.id)?.appeal).toMatchObject({ status: 'restored' });
  });

  test('upholding a hidden review leaves it hidden and out of the aggregates', async () => {
    await hide();
    const hidden = await tutorAggregates(t.db, tutor.id);
    await appeal(author);
    const [waiting] = (await queue()).items;
    expect((await decide(waiting!.id, 'uphold')).statusCode).toBe(200);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row?.isHidden).toBe(true);
    expect(await tutorAggregates(t.db, tutor.id)).toEqual(hidden);
  });

  test('a decision needs a reason; an unknown appeal is not found', async () => {
    await hide();
    await appeal(author);
    const [waiting] = (await queue()).items;
    expect((await decide(waiting!.id, 'restore', '  ')).statusCode).toBe(400);
    expect((await decide('00000000-0000-4000-8000-000000000000', 'restore')).statusCode).toBe(404);
    expect((await decide('not-an-id', 'uphold')).statusCode).toBe(404);
  });

  test("a deleted review's copy goes with its author's account", async () => {
    await remove();
    await appeal(author);
    expect((await callAs(t, admin, 'DELETE', apiPaths.adminUser(author.user.id))).statusCode).toBe(204);
    expect(await t.db.select().from(deletedReviews)).toEqual([]);
    expect(await t.db.select().from(reviewAppeals)).toEqual([]);
  });
});
