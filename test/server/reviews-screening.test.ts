import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { auditLog, notifications, reviews, type TutorRow } from '../../src/server/db/schema';
import { apiPaths } from '../../src/shared/api-paths';
import type { ReviewFeed } from '../../src/shared/review-answers';
import type { AdminReview, AdminReviewList } from '../../src/shared/review-moderation';
import type { MyReview, MyReviewList } from '../../src/shared/my-reviews';
import type { ScreeningMode } from '../../src/shared/screening';
import type { TutorReviewList } from '../../src/shared/tutor-reviews';
import { type Actor, callAs, signedInAdmin, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTutorRecord, tutorAggregates } from '../helpers/factories';
import { reviewDraft } from '../helpers/review-requests';

let t: TestApp;
let author: Actor;
let reader: Actor;
let admin: Actor;
let tutor: TutorRow;
beforeEach(async () => {
  t = await createTestApp();
  author = await signedInStudent(t, 'Ada Author');
  reader = await signedInStudent(t, 'Rita Reader');
  admin = await signedInAdmin(t, 'Dana Dean');
  tutor = await createTutorRecord(t.db, { name: 'Grace Hopper' });
});
afterEach(() => t.close());

const WITH_PHONE = 'Great tutor, text her at 555-123-4567 to book a session.';

async function setMode(mode: ScreeningMode) {
  const response = await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { screeningMode: mode });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().screeningMode).toBe(mode);
}

function submit(overrides: Record<string, unknown> = {}) {
  return callAs(t, author, 'POST', apiPaths.reviews, reviewDraft(tutor.id, { rating: 2, ...overrides }));
}

async function adminList(query = ''): Promise<AdminReviewList> {
  return (await callAs(t, admin, 'GET', `${apiPaths.adminReviews}${query}`)).json();
}

async function visibleTo(actor: Actor): Promise<{ onTutorPage: string[]; inFeed: string[] }> {
  const page: TutorReviewList = (await callAs(t, actor, 'GET', apiPaths.tutorReviews(tutor.id))).json();
  const feed: ReviewFeed = (await callAs(t, actor, 'GET', apiPaths.reviews)).json();
  return { onTutorPage: page.items.map((item) => item.id), inFeed: feed.items.map((item) => item.id) };
}

describe('the refusal without "Submit anyway"', () => {
  test('a review with a phone number is refused with what the screen found, and nothing is stored', async () => {
    const response = await submit({ body: WITH_PHONE });
    expect(response.statusCode).toBe(409);
    const { error } = response.json();
    expect(error.code).toBe('screening_findings');
    expect(error.message).toContain('a phone number in the text');
    expect(error.screeningFindings).toEqual([
      { category: 'personal_information', kind: 'phone_number', field: 'body', start: 25, end: 37, source: 'rules' },
    ]);
    expect(WITH_PHONE.slice(25, 37)).toBe('555-123-4567');
    expect(await t.db.select().from(reviews)).toEqual([]);
  });

  test('a clean review is published at once, unflagged', async () => {
    const response = await submit({ body: 'Office hours 3-5pm in CS 101 helped me a lot in 2024.' });
    expect(response.statusCode, response.body).toBe(201);
    const [stored] = await t.db.select().from(reviews);
    expect(stored).toMatchObject({ flaggedAt: null, heldAt: null, isHidden: false, screeningFindings: [] });
  });

  test('Off: no screen at all', async () => {
    await setMode('off');
    const response = await submit({ body: WITH_PHONE });
    expect(response.statusCode, response.body).toBe(201);
    const [stored] = await t.db.select().from(reviews);
    expect(stored).toMatchObject({ flaggedAt: null, heldAt: null, screeningFindings: [] });
  });

  test('an edit is screened too, and someone else learns nothing from the screen', async () => {
    const created: MyReview = (await submit()).json().review;
    const edit = { title: 'Edited', body: 'Write to me at ada@example.edu', rating: 3 };
    const refused = await callAs(t, author, 'PATCH', apiPaths.review(created.id), edit);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.screeningFindings[0]).toMatchObject({ kind: 'email_address', field: 'body' });
    const stranger = await callAs(t, reader, 'PATCH', apiPaths.review(created.id), edit);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error.screeningFindings).toBeUndefined();
  });
});

describe('Warn (the default)', () => {
  test('"Submit anyway" publishes it, counted, flagged for a moderator with what was found', async () => {
    const response = await submit({ body: WITH_PHONE, screeningAcknowledged: true });
    expect(response.statusCode, response.body).toBe(201);
    const review: MyReview = response.json().review;
    expect(review).toMatchObject({ isHidden: false, waitingForModerator: false });
    expect(await tutorAggregates(t.db, tutor.id)).toMatchObject({ reviewCount: 1, ratingSum: 2 });
    expect((await visibleTo(reader)).onTutorPage).toEqual([review.id]);

    const flagged = await adminList('?flagged=true');
    expect(flagged.items.map((item) => item.id)).toEqual([review.id]);
    expect(flagged.items[0]).toMatchObject({
      flagged: true,
      waitingForModerator: false,
      screeningFindings: [expect.objectContaining({ kind: 'phone_number', start: 25, end: 37 })],
    });

    const approved = await callAs(t, admin, 'POST', apiPaths.approveReview(review.id));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().review).toMatchObject({ flagged: false, isHidden: false });
    expect((await adminList('?flagged=true')).items).toEqual([]);
    expect(await tutorAggregates(t.db, tutor.id)).toMatchObject({ reviewCount: 1, ratingSum: 2 });
    // Nothing was held, so nothing was published: the author is not told.
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, author.user.id))).toEqual([]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'review_approved'));
    expect(entry).toMatchObject({ actorId: admin.user.id, targetId: review.id });
  });

  test('hiding a flagged review settles the flag', async () => {
    const review: MyReview = (await submit({ body: WITH_PHONE, screeningAcknowledged: true })).json().review;
    const hidden = await callAs(t, admin, 'POST', apiPaths.hideReview(review.id), { reason: 'Personal details' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().review).toMatchObject({ flagged: false, isHidden: true });
    expect((await adminList('?flagged=true')).items).toEqual([]);
    expect(await tutorAggregates(t.db, tutor.id)).toMatchObject({ reviewCount: 0 });
  });

  test('an edit to clean text clears the flag; approving an unflagged review is refused', async () => {
    const review: MyReview = (await submit({ body: WITH_PHONE, screeningAcknowledged: true })).json().review;
    const edited = await callAs(t, author, 'PATCH', apiPaths.review(review.id), {
      title: 'Clear',
      body: 'Book her through the tutoring centre.',
      rating: 4,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await adminList('?flagged=true')).items).toEqual([]);
    expect(await tutorAggregates(t.db, tutor.id)).toMatchObject({ reviewCount: 1, ratingSum: 4 });
    const approve = await callAs(t, admin, 'POST', apiPaths.approveReview(review.id));
    expect(approve.statusCode).toBe(409);
  });
});

describe('Hold', () => {
  beforeEach(() => setMode('hold'));

  test('"Submit anyway" keeps it waiting: seen by its author only, counted once a moderator publishes it', async () => {
    const response = await submit({ title: 'Call me maybe', body: WITH_PHONE, screeningAcknowledged: true });
    expect(response.statusCode, response.body).toBe(201);
    const review: MyReview = response.json().review;
    expect(review).toMatchObject({ isHidden: false, waitingForModerator: true });

    // Left out of every list and aggregate others see; the API never shows it to another student.
    expect(await tutorAggregates(t.db, tutor.id)).toMatchObject({ reviewCount: 0, ratingSum: 0 });
    expect(await visibleTo(reader)).toEqual({ onTutorPage: [], inFeed: [] });
    expect((await callAs(t, reader, 'GET', apiPaths.review(review.id))).statusCode).toBe(404);
    const profile = (await callAs(t, reader, 'GET', apiPaths.tutor(tutor.id))).json().tutor;
    expect(profile.reviewCount).toBe(0);

    // Its author sees it, waiting.
    const mine: MyReviewList = (await callAs(t, author, 'GET', apiPaths.myReviews)).json();
    expect(mine.items).toEqual([expect.objectContaining({ id: review.id, waitingForModerator: true })]);

    const flagged = await adminList('?flagged=true');
    expect(flagged.items).toEqual([
      expect.objectContaining({ id: review.id, waitingForModerator: true, flagged: true, isHidden: true }),
    ]);

    const unhide = await callAs(t, admin, 'POST', apiPaths.unhideReview(review.id));
    expect(unhide.statusCode).toBe(409);

    const approved = await callAs(t, admin, 'POST', apiPaths.approveReview(review.id));
    expect(approved.statusCode, approved.body).toBe(200);
    const published: AdminReview = approved.json().review;
    expect(published).toMatchObject({ waitingForModerator: false, flagged: false, isHidden: false });
    expect(await tutorAggregates(t.db, tutor.id)).toMatchObject({ reviewCount: 1, ratingSum: 2 });
    expect(await visibleTo(reader)).toEqual({ onTutorPage: [review.id], inFeed: [review.id] });

    const told = await t.db
      .select({ kind: notifications.kind, data: notifications.data })
      .from(notifications)
      .where(eq(notifications.userId, author.user.id));
    expect(told).toEqual([
      { kind: 'review_published', data: expect.objectContaining({ reviewTitle: 'Call me maybe' }) },
    ]);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'review_approved'));
    expect(entry).toMatchObject({ actorId: admin.user.id, targetId: review.id, subjectUserId: author.user.id });
  });

  test('editing a published review into one with findings takes it out until a moderator publishes it', async () => {
    const review: MyReview = (await submit()).json().review;
    expect(await tutorAggregates(t.db, tutor.id)).toMatchObject({ reviewCount: 1, ratingSum: 2 });
    const edited = await callAs(t, author, 'PATCH', apiPaths.review(review.id), {
      title: 'Updated',
      body: 'He is so hot, and his number is 555-123-4567.',
      rating: 5,
      screeningAcknowledged: true,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().review).toMatchObject({ waitingForModerator: true, rating: 5 });
    expect(await tutorAggregates(t.db, tutor.id)).toMatchObject({ reviewCount: 0, ratingSum: 0 });
    expect(await visibleTo(reader)).toEqual({ onTutorPage: [], inFeed: [] });
    const [stored] = await t.db.select().from(reviews);
    expect(stored!.screeningFindings.map((finding) => finding.category).sort()).toEqual([
      'appearance',
      'personal_information',
    ]);

    // Edited again while held: still held, counted only on approval, with the new rating.
    await callAs(t, author, 'PATCH', apiPaths.review(review.id), {
      title: 'Updated',
      body: 'Patient and clear.',
      rating: 4,
    });
    expect(await tutorAggregates(t.db, tutor.id)).toMatchObject({ reviewCount: 0 });
    await callAs(t, admin, 'POST', apiPaths.approveReview(review.id));
    expect(await tutorAggregates(t.db, tutor.id)).toMatchObject({ reviewCount: 1, ratingSum: 4 });
  });

  test('hiding or deleting a held review leaves the aggregates alone', async () => {
    const held: MyReview = (await submit({ body: WITH_PHONE, screeningAcknowledged: true })).json().review;
    const hidden = await callAs(t, admin, 'POST', apiPaths.hideReview(held.id), { reason: 'Phone number' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().review).toMatchObject({ waitingForModerator: false, flagged: false, isHidden: true });
    expect(await tutorAggregates(t.db, tutor.id)).toMatchObject({ reviewCount: 0 });
    const mine: MyReviewList = (await callAs(t, author, 'GET', apiPaths.myReviews)).json();
    expect(mine.items[0]).toMatchObject({ isHidden: true, hiddenReason: 'Phone number', waitingForModerator: false });

    await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { screeningMode: 'hold' });
    const other = await signedInStudent(t, 'Otto Other');
    const second = await callAs(
      t,
      other,
      'POST',
      apiPaths.reviews,
      reviewDraft(tutor.id, { body: WITH_PHONE, screeningAcknowledged: true }),
    );
    const deleted = await callAs(t, admin, 'DELETE', apiPaths.adminReview(second.json().review.id), {
      reason: 'Personal details',
    });
    expect(deleted.statusCode).toBe(204);
    expect(await tutorAggregates(t.db, tutor.id)).toMatchObject({ reviewCount: 0, ratingSum: 0 });
  });
});

describe('settings', () => {
  test('Screening defaults to Warn, the AI second opinion to off; every visitor learns the mode', async () => {
    const settings = (await callAs(t, admin, 'GET', apiPaths.adminSettings)).json();
    expect(settings).toMatchObject({ screeningMode: 'warn', aiScreening: false });
    expect((await callAs(t, undefined, 'GET', apiPaths.publicSettings)).json().screeningMode).toBe('warn');
    await setMode('hold');
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings_updated'));
    expect(entry!.data).toMatchObject({ changes: { screeningMode: 'hold' } });
  });

  test('an unknown mode is refused', async () => {
    const response = await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { screeningMode: 'block' });
    expect(response.statusCode).toBe(400);
  });
});
