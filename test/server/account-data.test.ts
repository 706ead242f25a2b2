import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  aiDrafts,
  auditLog,
  departmentFollows,
  notifications,
  reviewReports,
  reviewResponses,
  reviews,
  sessions,
  tutorClaims,
  tutors,
  users,
} from '../../src/server/db/schema';
import { appealReview } from '../../src/server/services/reviews/appeals';
import { deleteReviewAsModerator } from '../../src/server/services/reviews/moderation';
import { notify } from '../../src/server/services/notifications';
import { reportReview } from '../../src/server/services/reviews/reports';
import type { AccountData } from '../../src/shared/account-data';
import {
  DELETE_ACCOUNT_EMAIL_MISMATCH_MESSAGE,
  LAST_ADMIN_SELF_DELETE_MESSAGE,
} from '../../src/shared/account-lifecycle';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../../src/shared/account';
import { apiPaths } from '../../src/shared/api-paths';
import { type Actor, callAs, signedInAdmin, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { getSessionAccount, loginAttempt } from '../helpers/auth';
import {
  createReviewRecord,
  createTutorRecord,
  DEFAULT_TEST_PASSWORD,
  recomputedTutorAggregates,
  tutorAggregates,
} from '../helpers/factories';
import { readMails } from '../helpers/mail';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** A student with something in every table the export covers, and another student's review they reported. */
async function busyStudent() {
  const student = await signedInStudent(t, 'Bea Busy');
  const other = await signedInStudent(t, 'Olly Other');
  const now = t.clock();
  const [reviewed, reported] = await Promise.all([
    createTutorRecord(t.db, { name: 'Rita Reviewed', department: 'Chemistry' }),
    createTutorRecord(t.db, { name: 'Paul Popular', department: 'Physics' }),
  ]);
  const review = await createReviewRecord(t.db, { tutorId: reviewed.id, authorId: student.user.id, rating: 4 });
  await createReviewRecord(t.db, { tutorId: reviewed.id, authorId: other.user.id, rating: 2 });
  const othersReview = await createReviewRecord(t.db, { tutorId: reported.id, authorId: other.user.id, rating: 1 });
  const submission = await createTutorRecord(t.db, {
    name: 'Sam Submitted',
    department: 'History',
    status: 'pending',
    submittedBy: student.user.id,
  });
  await reportReview(t.db, student.user, othersReview.id, { reason: 'spam', details: 'Looks automated' }, now);
  await notify(t.db, {
    userId: student.user.id,
    kind: 'submission_rejected',
    tutorId: submission.id,
    data: { tutorName: submission.name, reason: 'Please add the courses.' },
    createdAt: now,
  });
  await t.db.insert(departmentFollows).values({ userId: student.user.id, department: 'History', createdAt: now });
  await t.db
    .insert(aiDrafts)
    .values({ userId: student.user.id, provider: 'gemini', model: 'gemini-flash-latest', createdAt: now });
  return { student, other, reviewed, review, submission, othersReview };
}

describe("Download my data, of moderation and the tutor's side", () => {
  test('holds the reviews a moderator deleted, the appeals, the claims of a tutor profile and the responses', async () => {
    const student = await signedInStudent(t, 'Tess Tutor');
    const admin = await signedInAdmin(t);
    const now = t.clock();
    const [own, other] = await Promise.all([
      createTutorRecord(t.db, { name: 'Tess Tutor', department: 'Music' }),
      createTutorRecord(t.db, { name: 'Dan Deleted', department: 'Art' }),
    ]);
    const deleted = await createReviewRecord(t.db, { tutorId: other.id, authorId: student.user.id, rating: 1 });
    await deleteReviewAsModerator(t.db, admin.user, deleted.id, 'Names a classmate.', now);
    await appealReview(t.db, student.user, deleted.id, 'It names nobody: please look again.', now);
    await t.db
      .insert(tutorClaims)
      .values({ tutorId: own.id, userId: student.user.id, message: 'I am Tess.', createdAt: now });
    const reviewOfOwn = await createReviewRecord(t.db, { tutorId: own.id, authorId: admin.user.id, rating: 5 });
    await t.db.insert(reviewResponses).values({
      reviewId: reviewOfOwn.id,
      tutorId: own.id,
      authorId: student.user.id,
      body: 'Thank you for the kind words.',
      createdAt: now,
      updatedAt: now,
    });

    const data = (await callAs(t, student, 'GET', apiPaths.accountData)).json<AccountData>();

    expect(data.deletedReviews).toEqual([
      expect.objectContaining({ id: deleted.id, title: deleted.title, rating: 1, reason: 'Names a classmate.' }),
    ]);
    expect(data.deletedReviews[0]!.tutor).toEqual({ id: other.id, name: 'Dan Deleted' });
    expect(data.appeals).toEqual([
      expect.objectContaining({
        reviewId: deleted.id,
        against: 'deleted',
        text: 'It names nobody: please look again.',
        status: 'pending',
      }),
    ]);
    expect(data.tutorClaims).toEqual([
      expect.objectContaining({ tutor: { id: own.id, name: 'Tess Tutor' }, message: 'I am Tess.', status: 'pending' }),
    ]);
    expect(data.responses).toEqual([
      expect.objectContaining({ reviewId: reviewOfOwn.id, body: 'Thank you for the kind words.', isHidden: false }),
    ]);
  });
});

describe('Download my data', () => {
  test('holds everything the database has about the account, and nothing secret', async () => {
    const { student, review, submission, othersReview } = await busyStudent();

    const response = await callAs(t, student, 'GET', apiPaths.accountData);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="tutorly-account-.*\.json"$/);
    const data = response.json<AccountData>();
    const [userRow] = await t.db.select().from(users).where(eq(users.id, student.user.id));
    expect(data.profile).toMatchObject({
      id: userRow!.id,
      name: userRow!.name,
      email: userRow!.email,
      theme: userRow!.theme,
      language: userRow!.language,
    });

    const reviewRows = await t.db.select().from(reviews).where(eq(reviews.authorId, student.user.id));
    expect(data.reviews.map((r) => r.id)).toEqual(reviewRows.map((r) => r.id));
    expect(data.reviews[0]).toMatchObject({
      id: review.id,
      title: review.title,
      rating: 4,
      tutor: { name: 'Rita Reviewed', department: 'Chemistry' },
    });
    const submitted = await t.db.select().from(tutors).where(eq(tutors.submittedBy, student.user.id));
    expect(data.submissions.map((s) => s.id)).toEqual(submitted.map((s) => s.id));
    expect(data.submissions[0]).toMatchObject({ id: submission.id, status: 'pending' });
    const reportRows = await t.db.select().from(reviewReports).where(eq(reviewReports.reporterId, student.user.id));
    expect(data.reportsMade).toHaveLength(reportRows.length);
    expect(data.reportsMade[0]).toMatchObject({
      reviewId: othersReview.id,
      reason: 'spam',
      details: 'Looks automated',
    });
    const notificationRows = await t.db.select().from(notifications).where(eq(notifications.userId, student.user.id));
    expect(data.notifications.map((n) => n.id)).toEqual(notificationRows.map((n) => n.id));
    expect(data.notifications[0]!.data).toEqual({ tutorName: 'Sam Submitted', reason: 'Please add the courses.' });
    expect(data.followedDepartments.map((f) => f.department)).toEqual(['History']);
    const sessionRows = await t.db.select().from(sessions).where(eq(sessions.userId, student.user.id));
    expect(data.sessions).toHaveLength(sessionRows.length);
    expect(data.aiDrafts).toEqual([expect.objectContaining({ provider: 'gemini', model: 'gemini-flash-latest' })]);

    // No password hash, no session token or its hash.
    expect(response.body).not.toContain(userRow!.passwordHash);
    for (const row of sessionRows) expect(response.body).not.toContain(row.tokenHash);
    expect(response.body).not.toContain(student.cookie.split('=')[1]);
  });

  test('needs a session', async () => {
    expect((await callAs(t, undefined, 'GET', apiPaths.accountData)).statusCode).toBe(401);
  });
});

describe('Delete my account', () => {
  const deleteAccount = (actor: Actor, body: object) => callAs(t, actor, 'DELETE', apiPaths.account, body);

  test('needs the current password and the email typed out', async () => {
    const student = await signedInStudent(t);

    const wrongEmail = await deleteAccount(student, {
      currentPassword: DEFAULT_TEST_PASSWORD,
      confirmEmail: 'someone@else.example',
    });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.json().error.fields).toEqual([
      { path: 'confirmEmail', message: DELETE_ACCOUNT_EMAIL_MISMATCH_MESSAGE },
    ]);
    const wrongPassword = await deleteAccount(student, { currentPassword: 'nope', confirmEmail: student.user.email });
    expect(wrongPassword.json().error.fields).toEqual([
      { path: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE },
    ]);
    expect(await getSessionAccount(t.app, student.cookie)).not.toBeNull();
  });

  test('removes the account, its sessions and reviews (aggregates corrected), keeps its tutors, logs and mails it', async () => {
    const { student, reviewed, submission } = await busyStudent();

    const response = await deleteAccount(student, {
      currentPassword: DEFAULT_TEST_PASSWORD,
      confirmEmail: student.user.email.toUpperCase(),
    });

    expect(response.statusCode).toBe(204);
    expect(await t.db.select().from(users).where(eq(users.id, student.user.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, student.user.id))).toEqual([]);
    expect(await t.db.select().from(reviews).where(eq(reviews.authorId, student.user.id))).toEqual([]);
    const aggregates = await tutorAggregates(t.db, reviewed.id);
    expect(aggregates).toMatchObject(await recomputedTutorAggregates(t.db, reviewed.id));
    expect(aggregates).toMatchObject({ reviewCount: 1, ratingSum: 2 });
    const [kept] = await t.db.select().from(tutors).where(eq(tutors.id, submission.id));
    expect(kept).toMatchObject({ name: 'Sam Submitted', submittedBy: null });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'account_deleted_by_owner'));
    expect(entry).toMatchObject({
      targetId: student.user.id,
      actorId: null,
      data: { userName: 'Bea Busy', userEmail: student.user.email },
    });
    const mail = (await readMails(t.outboxDir)).filter((m) => m.to === student.user.email).at(-1)!;
    expect(mail.subject).toBe('Your Tutorly account has been deleted');
    expect(await getSessionAccount(t.app, student.cookie)).toBeNull();
    expect((await loginAttempt(t.app, { email: student.user.email, password: DEFAULT_TEST_PASSWORD })).status).toBe(
      401,
    );
  });

  test('the last active administrator cannot delete their account; another one can', async () => {
    const admin = await signedInAdmin(t, 'Only Admin');
    const body = { currentPassword: DEFAULT_TEST_PASSWORD, confirmEmail: admin.user.email };

    const refused = await deleteAccount(admin, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(LAST_ADMIN_SELF_DELETE_MESSAGE);

    await signedInAdmin(t, 'Second Admin');
    expect((await deleteAccount(admin, body)).statusCode).toBe(204);
  });
});
