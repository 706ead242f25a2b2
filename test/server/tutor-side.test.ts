import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  auditLog,
  notifications,
  reviewResponses,
  tutors,
  type ReviewRow,
  type TutorRow,
} from '../../src/server/db/schema';
import { apiPaths } from '../../src/shared/api-paths';
import type { AdminReviewList } from '../../src/shared/review-moderation';
import type { ScreeningMode } from '../../src/shared/screening';
import {
  ALREADY_A_TUTOR_MESSAGE,
  CLAIM_PENDING_MESSAGE,
  ONLY_THE_TUTOR_RESPONDS_MESSAGE,
  OWN_PROFILE_REVIEW_MESSAGE,
  OWN_PROFILE_HELPFUL_MESSAGE,
  PROFILE_ALREADY_CLAIMED_MESSAGE,
  type AdminTutorClaimList,
  type MyTutorClaims,
} from '../../src/shared/tutor-side';
import type { TutorProfile } from '../../src/shared/tutors';
import type { TutorReviewList } from '../../src/shared/tutor-reviews';
import { type Actor, callAs, signedInAdmin, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createResponseRecord, createReviewRecord, createTutorRecord, makeTutorAccount } from '../helpers/factories';

let t: TestApp;
let tutorAccount: Actor;
let student: Actor;
let admin: Actor;
let tutor: TutorRow;
let review: ReviewRow;
beforeEach(async () => {
  t = await createTestApp();
  [tutorAccount, student, admin] = await Promise.all([
    signedInStudent(t, 'Grace Hopper'),
    signedInStudent(t, 'Sam Student'),
    signedInAdmin(t, 'Dana Dean'),
  ]);
  tutor = await createTutorRecord(t.db, { name: 'Grace Hopper', department: 'Computer Science' });
  review = await createReviewRecord(t.db, {
    tutorId: tutor.id,
    authorId: student.user.id,
    rating: 4,
    title: 'Patient teacher',
  });
});
afterEach(() => t.close());

const notificationsOf = (userId: string) =>
  t.db
    .select({ kind: notifications.kind, tutorId: notifications.tutorId, data: notifications.data })
    .from(notifications)
    .where(eq(notifications.userId, userId));

const auditOf = (action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action as never));

async function claim(actor: Actor, tutorId = tutor.id, message?: string) {
  return callAs(t, actor, 'POST', apiPaths.tutorClaims(tutorId), message === undefined ? {} : { message });
}

async function pendingClaims(): Promise<AdminTutorClaimList> {
  return (await callAs(t, admin, 'GET', apiPaths.adminTutorClaims)).json();
}

async function reviewsAs(actor: Actor): Promise<TutorReviewList> {
  const response = await callAs(t, actor, 'GET', apiPaths.tutorReviews(tutor.id));
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function profileAs(actor: Actor): Promise<TutorProfile> {
  return (await callAs(t, actor, 'GET', apiPaths.tutor(tutor.id))).json().tutor;
}

describe('claiming a profile', () => {
  test('a user claims a profile, an administrator sees their address and approves: the account becomes the tutor', async () => {
    const created = await claim(tutorAccount, tutor.id, '  I teach CS101 here.  ');
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().claim).toMatchObject({ status: 'pending', message: 'I teach CS101 here.' });
    expect((await claim(tutorAccount)).json().error).toEqual({ code: 'conflict', message: CLAIM_PENDING_MESSAGE });
    const mine: MyTutorClaims = (await callAs(t, tutorAccount, 'GET', apiPaths.myTutorClaims)).json();
    expect(mine.items).toEqual([
      expect.objectContaining({ status: 'pending', tutor: { id: tutor.id, name: tutor.name } }),
    ]);

    // A rival claim of the same profile, rejected for them once the first is approved.
    const rival = await signedInStudent(t, 'Rick Rival');
    expect((await claim(rival)).statusCode).toBe(201);

    // Only administrators see claims, with the requester's address, whether it is verified and its domain.
    expect((await callAs(t, student, 'GET', apiPaths.adminTutorClaims)).statusCode).toBe(403);
    const queue = await pendingClaims();
    expect(queue.items.map((item) => item.requester.name).sort()).toEqual(['Grace Hopper', 'Rick Rival']);
    const tutorsClaim = queue.items.find((item) => item.requester.id === tutorAccount.user.id)!;
    const claimId = tutorsClaim.id;
    expect(tutorsClaim).toMatchObject({
      requester: {
        id: tutorAccount.user.id,
        email: tutorAccount.user.email,
        emailVerified: true,
        emailDomain: 'uni.example',
      },
      tutor: { id: tutor.id, name: 'Grace Hopper' },
      tutorClaimedBy: null,
    });

    // Kept profile answers are read before the approval: they must not outlive it.
    expect(await profileAs(student)).toMatchObject({ claimed: false, claimedByMe: false });
    const approved = await callAs(t, admin, 'POST', apiPaths.approveTutorClaim(claimId));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().claim).toMatchObject({
      status: 'approved',
      tutorClaimedBy: { id: tutorAccount.user.id, name: 'Grace Hopper' },
    });
    const [stored] = await t.db.select({ claimedBy: tutors.claimedBy }).from(tutors).where(eq(tutors.id, tutor.id));
    expect(stored!.claimedBy).toBe(tutorAccount.user.id);
    expect(await profileAs(student)).toMatchObject({ claimed: true, claimedByMe: false });
    expect(await profileAs(tutorAccount)).toMatchObject({ claimed: true, claimedByMe: true });

    expect(await notificationsOf(tutorAccount.user.id)).toEqual([
      { kind: 'claim_approved', tutorId: tutor.id, data: { tutorName: 'Grace Hopper' } },
    ]);
    expect(await notificationsOf(rival.user.id)).toEqual([
      expect.objectContaining({
        kind: 'claim_rejected',
        data: expect.objectContaining({ reason: expect.any(String) }),
      }),
    ]);
    const [approvedEntry] = await auditOf('tutor_claim_approved');
    expect(approvedEntry).toMatchObject({
      actorId: admin.user.id,
      targetType: 'tutor',
      targetId: tutor.id,
      subjectUserId: tutorAccount.user.id,
    });
    expect(await auditOf('tutor_claim_rejected')).toEqual([
      expect.objectContaining({ subjectUserId: rival.user.id, targetType: 'tutor' }),
    ]);
    expect((await pendingClaims()).items).toEqual([]);

    // Decided once; the profile is taken; the tutor's account holds one profile only.
    expect((await callAs(t, admin, 'POST', apiPaths.approveTutorClaim(claimId))).statusCode).toBe(409);
    expect((await claim(student)).json().error).toEqual({ code: 'conflict', message: PROFILE_ALREADY_CLAIMED_MESSAGE });
    const another = await createTutorRecord(t.db, { name: 'Alan Turing' });
    expect((await claim(tutorAccount, another.id)).json().error).toEqual({
      code: 'conflict',
      message: ALREADY_A_TUTOR_MESSAGE,
    });
  });

  test('an administrator rejects a claim with a required reason the requester reads', async () => {
    expect((await claim(student)).statusCode).toBe(201);
    const [pending] = (await pendingClaims()).items;
    const noReason = await callAs(t, admin, 'POST', apiPaths.rejectTutorClaim(pending!.id), { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    const rejected = await callAs(t, admin, 'POST', apiPaths.rejectTutorClaim(pending!.id), {
      reason: 'Not a university address.',
    });
    expect(rejected.statusCode).toBe(200);
    const mine: MyTutorClaims = (await callAs(t, student, 'GET', apiPaths.myTutorClaims)).json();
    expect(mine.items).toEqual([
      expect.objectContaining({ status: 'rejected', rejectionReason: 'Not a university address.' }),
    ]);
    expect(await notificationsOf(student.user.id)).toEqual([
      {
        kind: 'claim_rejected',
        tutorId: tutor.id,
        data: { tutorName: 'Grace Hopper', reason: 'Not a university address.' },
      },
    ]);
    expect(await auditOf('tutor_claim_rejected')).toEqual([
      expect.objectContaining({ reason: 'Not a university address.', subjectUserId: student.user.id }),
    ]);
    // Rejected, the user may ask again.
    expect((await claim(student)).statusCode).toBe(201);
    // A private tutor cannot be claimed; an unknown claim is not found.
    const hidden = await createTutorRecord(t.db, { status: 'pending' });
    expect((await claim(tutorAccount, hidden.id)).statusCode).toBe(404);
    expect(
      (await callAs(t, admin, 'POST', apiPaths.approveTutorClaim('00000000-0000-4000-8000-000000000000'))).statusCode,
    ).toBe(404);
  });

  test('an administrator releases an approved claim: the account no longer manages the profile and is told why', async () => {
    expect((await claim(tutorAccount)).statusCode).toBe(201);
    const [pending] = (await pendingClaims()).items;
    // Only an approved claim can be released.
    const early = await callAs(t, admin, 'POST', apiPaths.releaseTutorClaim(pending!.id), { reason: 'Wrong person.' });
    expect(early.json().error).toEqual({ code: 'conflict', message: 'Only an approved claim can be released.' });
    expect((await callAs(t, admin, 'POST', apiPaths.approveTutorClaim(pending!.id))).statusCode).toBe(200);
    expect(await profileAs(tutorAccount)).toMatchObject({ claimed: true, claimedByMe: true });
    const approved: AdminTutorClaimList = (
      await callAs(t, admin, 'GET', `${apiPaths.adminTutorClaims}?status=approved`)
    ).json();
    expect(approved.items.map((item) => item.id)).toEqual([pending!.id]);

    const noReason = await callAs(t, admin, 'POST', apiPaths.releaseTutorClaim(pending!.id), { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const released = await callAs(t, admin, 'POST', apiPaths.releaseTutorClaim(pending!.id), {
      reason: 'The department says this is not the tutor.',
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().claim).toMatchObject({ status: 'released', tutorClaimedBy: null });

    // Kept profile answers do not outlive it; the profile may be claimed again, by anyone.
    expect(await profileAs(tutorAccount)).toMatchObject({ claimed: false, claimedByMe: false });
    const [stored] = await t.db.select({ claimedBy: tutors.claimedBy }).from(tutors).where(eq(tutors.id, tutor.id));
    expect(stored!.claimedBy).toBeNull();
    const respond = await callAs(t, tutorAccount, 'PUT', apiPaths.reviewResponse(review.id), { body: 'Thanks!' });
    expect(respond.statusCode).toBe(403);
    const mine: MyTutorClaims = (await callAs(t, tutorAccount, 'GET', apiPaths.myTutorClaims)).json();
    expect(mine.items).toEqual([
      expect.objectContaining({ status: 'released', rejectionReason: 'The department says this is not the tutor.' }),
    ]);
    expect(await notificationsOf(tutorAccount.user.id)).toContainEqual({
      kind: 'claim_released',
      tutorId: tutor.id,
      data: { tutorName: 'Grace Hopper', reason: 'The department says this is not the tutor.' },
    });
    expect(await auditOf('tutor_claim_released')).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        targetType: 'tutor',
        targetId: tutor.id,
        subjectUserId: tutorAccount.user.id,
        reason: 'The department says this is not the tutor.',
      }),
    ]);
    expect((await claim(student)).statusCode).toBe(201);
    // Released once.
    const again = await callAs(t, admin, 'POST', apiPaths.releaseTutorClaim(pending!.id), { reason: 'Again.' });
    expect(again.statusCode).toBe(409);
  });

  test('approving is refused while another account holds the profile', async () => {
    expect((await claim(student)).statusCode).toBe(201);
    await makeTutorAccount(t.db, tutor, tutorAccount.user.id);
    const [pending] = (await pendingClaims()).items;
    expect(pending!.tutorClaimedBy).toEqual({ id: tutorAccount.user.id, name: 'Grace Hopper' });
    const refused = await callAs(t, admin, 'POST', apiPaths.approveTutorClaim(pending!.id));
    expect(refused.json().error).toEqual({ code: 'conflict', message: PROFILE_ALREADY_CLAIMED_MESSAGE });
  });
});

describe("the tutor's account", () => {
  beforeEach(async () => {
    tutor = await makeTutorAccount(t.db, tutor, tutorAccount.user.id);
  });

  test('cannot mark reviews of its own profile "Helpful", as it cannot review it; a student still can', async () => {
    const refused = await callAs(t, tutorAccount, 'PUT', apiPaths.reviewHelpfulVote(review.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'forbidden', message: OWN_PROFILE_HELPFUL_MESSAGE });
    expect((await reviewsAs(student)).items[0]).toMatchObject({ helpfulCount: 0 });
    const reader = await signedInStudent(t, 'Rita Reader');
    const marked = await callAs(t, reader, 'PUT', apiPaths.reviewHelpfulVote(review.id));
    expect(marked.json()).toEqual({ helpfulCount: 1, markedHelpfulByMe: true });
  });

  test('an account that is deleted stops being the tutor: the profile may be claimed again', async () => {
    expect(await profileAs(student)).toMatchObject({ claimed: true });
    expect((await callAs(t, admin, 'DELETE', apiPaths.adminUser(tutorAccount.user.id))).statusCode).toBe(204);
    expect(await profileAs(student)).toMatchObject({ claimed: false });
    expect((await claim(student)).statusCode).toBe(201);
  });

  test('responds once per review, edits and deletes its response; readers see it under the review', async () => {
    // A page kept before the response must not outlive it.
    expect((await reviewsAs(student)).items[0]!.response).toBeNull();
    const created = await callAs(t, tutorAccount, 'PUT', apiPaths.reviewResponse(review.id), {
      body: '  Thanks for coming to office hours!  ',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().response).toMatchObject({ body: 'Thanks for coming to office hours!', isHidden: false });
    expect((await reviewsAs(student)).items[0]!.response).toMatchObject({
      body: 'Thanks for coming to office hours!',
      isHidden: false,
      hiddenReason: null,
    });

    const edited = await callAs(t, tutorAccount, 'PUT', apiPaths.reviewResponse(review.id), { body: 'Thank you!' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().response.id).toBe(created.json().response.id);
    expect((await reviewsAs(admin)).items[0]!.response!.body).toBe('Thank you!');

    const empty = await callAs(t, tutorAccount, 'PUT', apiPaths.reviewResponse(review.id), { body: ' ' });
    expect(empty.statusCode).toBe(400);
    const tooLong = await callAs(t, tutorAccount, 'PUT', apiPaths.reviewResponse(review.id), {
      body: 'x'.repeat(5001),
    });
    expect(tooLong.statusCode).toBe(400);

    expect((await callAs(t, tutorAccount, 'DELETE', apiPaths.reviewResponse(review.id))).statusCode).toBe(204);
    expect((await reviewsAs(student)).items[0]!.response).toBeNull();
    expect((await callAs(t, tutorAccount, 'DELETE', apiPaths.reviewResponse(review.id))).statusCode).toBe(404);
  });

  test('nobody else responds: not the author, not another student, not an administrator', async () => {
    for (const actor of [student, admin]) {
      const refused = await callAs(t, actor, 'PUT', apiPaths.reviewResponse(review.id), { body: 'Hello' });
      expect(refused.json().error).toEqual({ code: 'forbidden', message: ONLY_THE_TUTOR_RESPONDS_MESSAGE });
    }
    // A hidden review is on no page: the tutor cannot answer it, nor learn it exists.
    const other = await signedInStudent(t, 'Olive Other');
    const hidden = await createReviewRecord(t.db, {
      tutorId: tutor.id,
      authorId: other.user.id,
      rating: 1,
      hidden: true,
    });
    expect((await callAs(t, tutorAccount, 'PUT', apiPaths.reviewResponse(hidden.id), { body: 'Hi' })).statusCode).toBe(
      404,
    );
    // The response of another tutor's account is not this one's to change.
    const otherTutor = await createTutorRecord(t.db);
    const otherReview = await createReviewRecord(t.db, { tutorId: otherTutor.id, authorId: other.user.id, rating: 3 });
    expect(
      (await callAs(t, tutorAccount, 'PUT', apiPaths.reviewResponse(otherReview.id), { body: 'Hi' })).statusCode,
    ).toBe(403);
  });

  test('is a student as far as reviews go: reads no anonymous author, reports, cannot hide or review itself', async () => {
    const [page] = [(await reviewsAs(tutorAccount)).items];
    expect(page![0]!.authorName).toBeNull();
    expect(JSON.stringify(page)).not.toContain(student.user.name);
    expect(
      (await callAs(t, tutorAccount, 'POST', apiPaths.reviewReports(review.id), { reason: 'spam' })).statusCode,
    ).toBe(204);
    expect(
      (await callAs(t, tutorAccount, 'POST', apiPaths.hideReview(review.id), { reason: 'Unfair.' })).statusCode,
    ).toBe(403);
    expect((await callAs(t, tutorAccount, 'PATCH', apiPaths.review(review.id), { title: 'x' })).statusCode).toBe(400);
    expect((await callAs(t, tutorAccount, 'DELETE', apiPaths.review(review.id))).statusCode).toBe(403);
    const own = await callAs(t, tutorAccount, 'POST', apiPaths.reviews, {
      tutorId: tutor.id,
      title: 'Best tutor',
      body: 'I am great.',
      rating: 5,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toEqual({ code: 'forbidden', message: OWN_PROFILE_REVIEW_MESSAGE });
  });

  test('is told of every new review of its profile, by title, never by its author', async () => {
    const reviewer = await signedInStudent(t, 'Nora Named');
    const created = await callAs(t, reviewer, 'POST', apiPaths.reviews, {
      tutorId: tutor.id,
      title: 'Great labs',
      body: 'The labs were well prepared.',
      rating: 5,
    });
    expect(created.statusCode, created.body).toBe(201);
    const received = await notificationsOf(tutorAccount.user.id);
    expect(received).toEqual([
      {
        kind: 'review_received',
        tutorId: tutor.id,
        data: { tutorName: 'Grace Hopper', reviewTitle: 'Great labs', reviewId: created.json().review.id },
      },
    ]);
    expect(JSON.stringify(received)).not.toContain('Nora');
    const listed = (await callAs(t, tutorAccount, 'GET', apiPaths.notifications)).json();
    expect(listed.items[0]).toMatchObject({ kind: 'review_received', reviewId: created.json().review.id });
    expect((await callAs(t, tutorAccount, 'GET', apiPaths.unreadNotifications)).json()).toMatchObject({ unread: 1 });
    // A review of an unclaimed tutor tells nobody.
    const unclaimed = await createTutorRecord(t.db);
    await callAs(t, reviewer, 'POST', apiPaths.reviews, {
      tutorId: unclaimed.id,
      title: 'Fine',
      body: 'Fine.',
      rating: 3,
    });
    expect(await t.db.select().from(notifications).where(eq(notifications.kind, 'review_received'))).toHaveLength(1);
  });
});

describe('moderating responses', () => {
  beforeEach(async () => {
    tutor = await makeTutorAccount(t.db, tutor, tutorAccount.user.id);
    await createResponseRecord(t.db, { review, authorId: tutorAccount.user.id, body: 'Thanks, see you in class.' });
  });

  test('an administrator hides a response: only the tutor (told why) and administrators read it; unhiding shows it', async () => {
    const reader = await signedInStudent(t, 'Rita Reader');
    expect((await reviewsAs(reader)).items[0]!.response!.body).toBe('Thanks, see you in class.');
    expect(
      (await callAs(t, tutorAccount, 'POST', apiPaths.hideReviewResponse(review.id), { reason: 'x' })).statusCode,
    ).toBe(403);
    const hidden = await callAs(t, admin, 'POST', apiPaths.hideReviewResponse(review.id), {
      reason: 'Names a student.',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().response).toMatchObject({ isHidden: true, hiddenReason: 'Names a student.' });
    expect(
      (await callAs(t, admin, 'POST', apiPaths.hideReviewResponse(review.id), { reason: 'Again.' })).statusCode,
    ).toBe(409);

    expect((await reviewsAs(reader)).items[0]!.response).toBeNull();
    expect((await reviewsAs(student)).items[0]!.response).toBeNull();
    expect((await reviewsAs(tutorAccount)).items[0]!.response).toMatchObject({
      isHidden: true,
      hiddenReason: 'Names a student.',
    });
    expect((await reviewsAs(admin)).items[0]!.response).toMatchObject({ isHidden: true });
    const managed: AdminReviewList = (await callAs(t, admin, 'GET', apiPaths.adminReviews)).json();
    expect(managed.items[0]!.response).toMatchObject({ isHidden: true, body: 'Thanks, see you in class.' });

    expect(await notificationsOf(tutorAccount.user.id)).toEqual([
      {
        kind: 'response_hidden',
        tutorId: tutor.id,
        data: {
          tutorName: 'Grace Hopper',
          reviewTitle: 'Patient teacher',
          reviewId: review.id,
          reason: 'Names a student.',
        },
      },
    ]);
    expect(await auditOf('response_hidden')).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        targetType: 'response',
        tutorId: tutor.id,
        subjectUserId: tutorAccount.user.id,
        reason: 'Names a student.',
        data: { tutorName: 'Grace Hopper', reviewTitle: 'Patient teacher' },
      }),
    ]);

    // Rewritten by the tutor, it stays hidden until a moderator shows it.
    await callAs(t, tutorAccount, 'PUT', apiPaths.reviewResponse(review.id), { body: 'Thanks, see you.' });
    expect((await reviewsAs(reader)).items[0]!.response).toBeNull();

    expect((await callAs(t, admin, 'POST', apiPaths.unhideReviewResponse(review.id))).statusCode).toBe(200);
    expect((await reviewsAs(reader)).items[0]!.response).toMatchObject({ body: 'Thanks, see you.', isHidden: false });
    expect(await auditOf('response_unhidden')).toHaveLength(1);
  });

  test('an administrator deletes a response with a reason kept in the audit log', async () => {
    const reader = await signedInStudent(t, 'Rita Reader');
    expect((await reviewsAs(reader)).items[0]!.response).not.toBeNull();
    const deleted = await callAs(t, admin, 'DELETE', apiPaths.adminReviewResponse(review.id), { reason: 'Spam.' });
    expect(deleted.statusCode).toBe(204);
    expect((await reviewsAs(reader)).items[0]!.response).toBeNull();
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'response_deleted'), eq(auditLog.reason, 'Spam.'))),
    ).toHaveLength(1);
    expect(
      (await callAs(t, admin, 'DELETE', apiPaths.adminReviewResponse(review.id), { reason: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('screening responses', () => {
  const WITH_PHONE = 'Thanks! Text me at 555-123-4567 to book a session.';
  const phoneFinding = {
    category: 'personal_information',
    kind: 'phone_number',
    field: 'body',
    start: 19,
    end: 31,
    source: 'rules',
  };

  beforeEach(async () => {
    tutor = await makeTutorAccount(t.db, tutor, tutorAccount.user.id);
  });

  async function setMode(mode: ScreeningMode) {
    const response = await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { screeningMode: mode });
    expect(response.statusCode, response.body).toBe(200);
  }

  const respond = (body: string, screeningAcknowledged?: boolean) =>
    callAs(t, tutorAccount, 'PUT', apiPaths.reviewResponse(review.id), {
      body,
      ...(screeningAcknowledged === undefined ? {} : { screeningAcknowledged }),
    });

  async function flaggedList(): Promise<AdminReviewList> {
    return (await callAs(t, admin, 'GET', `${apiPaths.adminReviews}?flagged=true`)).json();
  }

  test('a response with a phone number is refused with what the screen found, and nothing is stored', async () => {
    expect(WITH_PHONE.slice(19, 31)).toBe('555-123-4567');
    const refused = await respond(WITH_PHONE);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'screening_findings', screeningFindings: [phoneFinding] });
    expect(await t.db.select().from(reviewResponses)).toEqual([]);
    // Anyone else is refused as before, the screen unheard.
    const byStudent = await callAs(t, student, 'PUT', apiPaths.reviewResponse(review.id), { body: WITH_PHONE });
    expect(byStudent.json().error).toEqual({ code: 'forbidden', message: ONLY_THE_TUTOR_RESPONDS_MESSAGE });
  });

  test('Warn: "Submit anyway" publishes it flagged; the Flagged tab shows it and a moderator approves it, audited', async () => {
    const published = await respond(WITH_PHONE, true);
    expect(published.statusCode, published.body).toBe(201);
    expect(published.json().response).toMatchObject({ isHidden: false, waitingForModerator: false });
    expect((await reviewsAs(student)).items[0]!.response).toMatchObject({ body: WITH_PHONE });
    const [stored] = await t.db.select().from(reviewResponses);
    expect(stored).toMatchObject({ heldAt: null, isHidden: false, screeningFindings: [phoneFinding] });
    expect(stored!.flaggedAt).not.toBeNull();

    const flagged = await flaggedList();
    expect(flagged.items.map((item) => item.id)).toEqual([review.id]);
    expect(flagged.items[0]).toMatchObject({
      flagged: false,
      response: { flagged: true, screeningFindings: [phoneFinding] },
    });

    expect((await callAs(t, tutorAccount, 'POST', apiPaths.approveReviewResponse(review.id))).statusCode).toBe(403);
    const approved = await callAs(t, admin, 'POST', apiPaths.approveReviewResponse(review.id));
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await flaggedList()).items).toEqual([]);
    expect((await callAs(t, admin, 'POST', apiPaths.approveReviewResponse(review.id))).statusCode).toBe(409);
    expect(await auditOf('response_approved')).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        targetType: 'response',
        targetId: stored!.id,
        tutorId: tutor.id,
        subjectUserId: tutorAccount.user.id,
      }),
    ]);

    // A clean rewrite clears the flag of a published response; a new finding flags it again.
    await respond(WITH_PHONE, true);
    expect((await flaggedList()).items).toHaveLength(1);
    expect((await respond('Thanks, see you in class.')).statusCode).toBe(200);
    expect((await flaggedList()).items).toEqual([]);
  });

  test('Hold: held for a moderator, seen only by the tutor ("Waiting for a moderator") and administrators until approved', async () => {
    await setMode('hold');
    const held = await respond(WITH_PHONE, true);
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json().response).toMatchObject({ isHidden: true, waitingForModerator: true, hiddenReason: null });
    const reader = await signedInStudent(t, 'Rita Reader');
    expect((await reviewsAs(reader)).items[0]!.response).toBeNull();
    expect((await reviewsAs(student)).items[0]!.response).toBeNull();
    expect((await reviewsAs(tutorAccount)).items[0]!.response).toMatchObject({ waitingForModerator: true });
    expect((await reviewsAs(admin)).items[0]!.response).toMatchObject({ waitingForModerator: true });
    expect((await flaggedList()).items[0]!.response).toMatchObject({
      waitingForModerator: true,
      flagged: true,
      screeningFindings: [phoneFinding],
    });

    const approved = await callAs(t, admin, 'POST', apiPaths.approveReviewResponse(review.id));
    expect(approved.json().response).toMatchObject({ isHidden: false, waitingForModerator: false });
    expect((await reviewsAs(reader)).items[0]!.response).toMatchObject({ body: WITH_PHONE, isHidden: false });
    expect((await flaggedList()).items).toEqual([]);
    expect(await auditOf('response_approved')).toHaveLength(1);
  });

  test('hiding a flagged response settles its flag', async () => {
    await respond(WITH_PHONE, true);
    await callAs(t, admin, 'POST', apiPaths.hideReviewResponse(review.id), { reason: 'Personal details.' });
    expect((await flaggedList()).items).toEqual([]);
  });

  test('Off: no screen at all', async () => {
    await setMode('off');
    const published = await respond(WITH_PHONE);
    expect(published.statusCode, published.body).toBe(201);
    const [stored] = await t.db.select().from(reviewResponses);
    expect(stored).toMatchObject({ flaggedAt: null, heldAt: null, isHidden: false, screeningFindings: [] });
  });
});
