import {
  secondFactors,
  reviewResponses,
  reviews,
  tutorClaims,
  tutors,
  type NotificationRow,
  type ReviewRow,
  type TutorClaimRow,
  type TutorRow,
  type UserRow,
  userIdentities,
} from '../../src/server/db/schema';
import { sessionCookieName } from '../../src/server/plugins/auth';
import { insertUser } from '../../src/server/services/accounts/users';
import { issueVerificationSecret } from '../../src/server/services/accounts/email-verification';
import { notify } from '../../src/server/services/notifications';
import { hashPassword } from '../../src/server/services/accounts/passwords';
import { reportReview } from '../../src/server/services/reviews/reports';
import { createSession, sessionPublicId } from '../../src/server/services/accounts/sessions';
import { requestEmailChange } from '../../src/server/services/accounts/email-change';
import { hashToken } from '../../src/server/lib/tokens';
import { sealingKey, sealSecret } from '../../src/server/lib/sealed-secrets';
import { newTotpSecret } from '../../src/server/services/accounts/second-factor/totp';
import type { SessionSecondFactor } from '../../src/shared/second-factor';
import { issueInvitationSecret } from '../../src/server/services/accounts/invitations';
import { issuePasswordResetToken } from '../../src/server/services/accounts/password-reset';
import { storeImage } from '../../src/server/services/images';
import { apiPaths } from '../../src/shared/api-paths';
import type { ReviewAppeal } from '../../src/shared/appeals';
import { appealReview } from '../../src/server/services/reviews/appeals';
import { deleteReviewAsModerator } from '../../src/server/services/reviews/moderation';
import type { TestApp } from './app';
import { tutorRecordChanged } from '../../src/server/cache/data-changes';
import { changeData, NOTHING_KEPT } from '../../src/server/db/change-data';
import { applyAggregateChange, countedReviewOf, reviewShown } from '../../src/server/services/reviews/aggregates';
import { tutorFields } from '../../src/server/services/tutors/writes';
import { createReviewRecord, createTutorRecord, DEFAULT_TEST_PASSWORD, uniqueEmail } from './factories';
import { pngPicture } from './images';
import { request } from './requests';

// A small, complete set of accounts and records, made fresh for each request that needs one, so
// what one request changes (a deletion, a logout, a disabled account) never reaches another
// (mayHaveChangedWorld says which need one).

/** Who makes a request, in the column order of the authorization matrix. */
export const worldActors = ['anonymous', 'unverified', 'student', 'otherStudent', 'disabled', 'admin'] as const;
export type WorldActor = (typeof worldActors)[number];

export interface World {
  /** Every account's password. */
  password: string;
  users: Record<Exclude<WorldActor, 'anonymous'>, UserRow>;
  /** The Cookie header each actor sends; the disabled user's session ended when they were disabled. */
  cookies: Record<WorldActor, string | undefined>;
  /** The student's own submission, pending and private. */
  submission: TutorRow;
  /** A public tutor nobody has reviewed yet. */
  publicTutor: TutorRow;
  /** A public tutor with the student's review. */
  reviewedTutor: TutorRow;
  /** The student's visible review of reviewedTutor, with one open report (from the invitee), flagged by the screen. */
  review: ReviewRow;
  /** A review of the student's that a moderator hid. */
  hiddenReview: ReviewRow;
  /** The student's waiting appeal of hiddenReview. */
  appeal: ReviewAppeal;
  /** A review of the student's that a moderator deleted (kept in deleted_reviews), not appealed yet. */
  deletedReview: ReviewRow;
  /**
   * A public tutor whose own account is the student's (an approved claim): the student may
   * respond to its reviews, and may not review it.
   */
  ownTutor: TutorRow;
  /** A visible review of ownTutor with the student's response. */
  respondedReview: ReviewRow;
  /** A visible review of ownTutor whose response a moderator hid. */
  reviewWithHiddenResponse: ReviewRow;
  /** The invitee's pending claim of publicTutor. */
  pendingClaim: TutorClaimRow;
  /** The claim that made the student Tom Tutor's account, for releasing. */
  approvedClaim: TutorClaimRow;
  /** An unread notification of the student's. */
  notification: NotificationRow;
  /** A picture uploaded by the admin and used by no tutor yet. */
  imageKey: string;
  /** The secret of the verification link mailed to the unverified user. */
  verificationSecret: string;
  /** An account an administrator added, and the secret of its invitation link. */
  invitee: { user: UserRow; secret: string };
  /** The token of a password reset link mailed to the other student. */
  passwordResetToken: string;
  /** The token of an email change link the other student asked for. */
  emailChangeToken: string;
  /** The token of 'Cancel this change' in the notice to the other student's current address. */
  emailChangeCancelToken: string;
  /** A university identity linked to the student's account. */
  studentIdentityId: string;
  /** The id of the student's session on another browser, as their session list shows it. */
  studentOtherSessionId: string;
  /** The student's authenticator app (their session was signed in before it, so it is not asked for). */
  studentSecondFactorId: string;
  /** An address no account uses yet. */
  freshEmail: string;
  /** A small PNG, to upload. */
  picture(): Promise<Buffer>;
}

/**
 * The refusals that do change something: a wrong password or code is counted against the
 * account's login ceiling (routes/api/auth.ts, account.ts, second-factor.ts, campus-sign-in.ts).
 */
export const refusalsCounted: ReadonlySet<string> = new Set([
  'POST /api/auth/login',
  'POST /api/auth/oidc/link',
  'POST /api/account/password',
  'POST /api/account/email',
  'DELETE /api/account/identities/{identityId}',
  'DELETE /api/account',
  'POST /api/second-factor/totp',
  'POST /api/second-factor/passkey',
  'DELETE /api/second-factor/factors/{factorId}',
  'POST /api/second-factor/recovery-codes',
  'POST /api/second-factor/verify',
  'POST /api/second-factor/verify/passkey',
]);

/**
 * Whether an answer to an operation ("POST /api/reviews") may have changed its world, so that
 * the next request needs a fresh one. Reads change nothing, and neither does a refusal: an error
 * loses nothing and changes nothing. The refusals counted against an account are taken as
 * changes, as if the count could decide an answer, and so is a 5xx, which breaks that rule.
 * A world is expensive to make; requests share one until this says it may have changed.
 */
export function mayHaveChangedWorld(operationKey: string, statusCode: number): boolean {
  if (operationKey.startsWith('GET ')) return false;
  return statusCode < 400 || statusCode >= 500 || refusalsCounted.has(operationKey);
}

let passwordHash: Promise<string> | undefined;
let picture: Promise<Buffer> | undefined;

/** Sessions are made the way login makes them; hashing a password per account would only cost time. */
async function sessionCookie(t: TestApp, userId: string, secondFactor?: SessionSecondFactor): Promise<string> {
  const session = await createSession(t.db, userId, t.clock(), { secondFactor });
  return `${sessionCookieName(t.config)}=${session.token}`;
}

export async function createWorld(t: TestApp, label = 'world'): Promise<World> {
  passwordHash ??= hashPassword(DEFAULT_TEST_PASSWORD);
  picture ??= pngPicture({ width: 32, height: 24 });
  const hash = await passwordHash;
  const now = t.clock();
  const account = (name: string, role: 'student' | 'admin', verified: boolean) =>
    insertUser(
      t.db,
      {
        name,
        email: uniqueEmail(`${label}-${role}`),
        role,
        emailVerifiedAt: verified ? now : null,
        passwordHash: hash,
      },
      now,
    );

  // Independent records are written side by side: a world per request must stay cheap.
  const [
    unverified,
    student,
    otherStudent,
    disabled,
    admin,
    inviteeUser,
    reviewer,
    publicTutor,
    reviewedTutor,
    hiddenTutor,
    deletedTutor,
  ] = await Promise.all([
    account('Una Unverified', 'student', false),
    account('Sam Student', 'student', true),
    account('Olive Other', 'student', true),
    account('Dora Disabled', 'student', true),
    account('Ada Admin', 'admin', true),
    account('Ivy Invited', 'student', true),
    account('Ray Reviewer', 'student', true),
    createTutorRecord(t.db, { name: 'Pat Public', department: 'Mathematics' }),
    createTutorRecord(t.db, { name: 'Rita Reviewed', department: 'Chemistry' }),
    createTutorRecord(t.db, { name: 'Hal Hidden', department: 'History' }),
    createTutorRecord(t.db, { name: 'Deb Deleted', department: 'Biology' }),
  ]);
  const users = { unverified, student, otherStudent, disabled, admin };
  const [
    tutorSide,
    cookieList,
    submission,
    review,
    hiddenReview,
    deletedReview,
    image,
    verificationSecret,
    inviteeSecret,
    passwordResetToken,
  ] = await Promise.all([
    createTutorSide(t, { student, reviewers: [inviteeUser, reviewer], claimed: publicTutor, now }),
    // The administrator's session has passed a second factor, as an administrator's must to act as one.
    Promise.all(
      [unverified, student, otherStudent, disabled, admin].map((user) =>
        sessionCookie(t, user.id, user === admin ? 'passed' : undefined),
      ),
    ),
    createTutorRecord(t.db, {
      name: 'Sam Submitted',
      department: 'Physics',
      status: 'pending',
      submittedBy: student.id,
    }),
    createReviewRecord(t.db, { tutorId: reviewedTutor.id, authorId: student.id, rating: 4, flagged: true }),
    createReviewRecord(t.db, { tutorId: hiddenTutor.id, authorId: student.id, rating: 2, hidden: true }),
    createReviewRecord(t.db, { tutorId: deletedTutor.id, authorId: student.id, rating: 1 }),
    picture.then((bytes) => storeImage(t.db, t.app.imageStore, { bytes, uploadedBy: admin.id, now })),
    issueVerificationSecret(t.db, unverified.id, now),
    issueInvitationSecret(t.db, inviteeUser.id, now),
    issuePasswordResetToken(t.db, otherStudent, now),
  ]);
  const [emailChange, studentOtherSession, appeal, , [studentIdentity], studentSecondFactor] = await Promise.all([
    requestEmailChange(t.db, otherStudent, uniqueEmail(`${label}-moving`), now),
    createSession(t.db, student.id, now),
    appealReview(t.db, student, hiddenReview.id, 'Please look again: it is about the course.', now),
    deleteReviewAsModerator(t.db, admin, deletedReview.id, 'Names a classmate.', now),
    changeData(t.db, NOTHING_KEPT, (tx) =>
      tx
        .insert(userIdentities)
        .values({
          userId: student.id,
          protocol: 'oidc',
          issuer: 'https://sso.uni.example',
          subject: student.id,
          emailAtLink: student.email,
          createdAt: now,
          lastUsedAt: now,
        })
        .returning({ id: userIdentities.id }),
    ),
    t.db
      .insert(secondFactors)
      .values({
        userId: student.id,
        kind: 'totp',
        label: 'Phone',
        totpSecret: sealSecret(sealingKey(t.app.deviceKey, 'second-factor'), newTotpSecret()),
        createdAt: now,
      })
      .returning()
      .then(([row]) => row!),
  ]);
  const [unverifiedCookie, studentCookie, otherStudentCookie, disabledCookie, adminCookie] = cookieList;
  const cookies: Record<WorldActor, string | undefined> = {
    anonymous: undefined,
    unverified: unverifiedCookie,
    student: studentCookie,
    otherStudent: otherStudentCookie,
    disabled: disabledCookie,
    admin: adminCookie,
  };
  const [disabling, notification] = await Promise.all([
    // Signed in first, disabled afterwards: the cookie they keep is one a real browser would still send.
    request(t.app, 'POST', apiPaths.disableUser(disabled.id), { as: adminCookie! }),
    notify(t.db, {
      userId: student.id,
      kind: 'submission_rejected',
      tutorId: submission.id,
      data: { tutorName: submission.name, reason: 'Please add the courses.' },
      createdAt: now,
    }),
    // A report from someone outside the cast, so "another student" still has theirs to make.
    reportReview(t.db, inviteeUser, review.id, { reason: 'spam' }, now),
  ]);
  if (disabling.statusCode !== 200)
    throw new Error(`could not disable the user: ${disabling.statusCode} ${disabling.body}`);

  return {
    password: DEFAULT_TEST_PASSWORD,
    users,
    cookies,
    submission,
    publicTutor,
    reviewedTutor,
    review,
    hiddenReview,
    appeal,
    deletedReview,
    ...tutorSide,
    notification,
    imageKey: image.key,
    verificationSecret,
    invitee: { user: inviteeUser, secret: inviteeSecret },
    passwordResetToken,
    emailChangeToken: emailChange.token!,
    emailChangeCancelToken: emailChange.cancelToken,
    studentIdentityId: studentIdentity!.id,
    studentOtherSessionId: sessionPublicId(hashToken(studentOtherSession.token)),
    studentSecondFactorId: studentSecondFactor.id,
    freshEmail: uniqueEmail(`${label}-new`),
    picture: () => picture!,
  };
}

/**
 * The tutor's side: ownTutor, whose account is the student's, with a review the student
 * responded to and one whose response a moderator hid; and a pending claim of `claimed`. One
 * transaction: a world is made for every request, and must stay cheap.
 */
async function createTutorSide(
  t: TestApp,
  cast: { student: UserRow; reviewers: [UserRow, UserRow]; claimed: TutorRow; now: Date },
): Promise<
  Pick<World, 'ownTutor' | 'respondedReview' | 'reviewWithHiddenResponse' | 'pendingClaim' | 'approvedClaim'>
> {
  const { student, reviewers, now } = cast;
  return changeData(t.db, [], async (tx, alsoChanged) => {
    const [ownTutor] = await tx
      .insert(tutors)
      .values({
        ...tutorFields(
          { name: 'Tom Tutor', department: 'Physics', biography: 'Labs on Fridays.', courses: [], imageKey: null },
          now,
        ),
        status: 'approved',
        isPublic: true,
        claimedBy: student.id,
      })
      .returning();
    alsoChanged(...tutorRecordChanged(ownTutor!));
    const written = await tx
      .insert(reviews)
      .values(
        reviewers.map((reviewer, index) => ({
          tutorId: ownTutor!.id,
          authorId: reviewer.id,
          rating: 4 - index,
          title: `Review ${index + 1} of Tom`,
          body: 'Clear labs and quick answers.',
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning();
    for (const review of written) await applyAggregateChange(tx, ownTutor!.id, reviewShown(countedReviewOf(review)));
    const [respondedReview, reviewWithHiddenResponse] = written as [ReviewRow, ReviewRow];
    await tx.insert(reviewResponses).values([
      {
        reviewId: respondedReview.id,
        tutorId: ownTutor!.id,
        authorId: student.id,
        body: 'Thank you!',
        // Flagged by the screen, so a moderator may approve it.
        flaggedAt: now,
        createdAt: now,
        updatedAt: now,
      },
      {
        reviewId: reviewWithHiddenResponse.id,
        tutorId: ownTutor!.id,
        authorId: student.id,
        body: 'Thanks.',
        isHidden: true,
        hiddenReason: 'Off topic.',
        hiddenAt: now,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    const [pendingClaim] = await tx
      .insert(tutorClaims)
      .values({ tutorId: cast.claimed.id, userId: reviewers[0].id, message: 'I teach algebra here.', createdAt: now })
      .returning();
    const [approvedClaim] = await tx
      .insert(tutorClaims)
      .values({ tutorId: ownTutor!.id, userId: student.id, status: 'approved', decidedAt: now, createdAt: now })
      .returning();
    return {
      ownTutor: ownTutor!,
      respondedReview,
      reviewWithHiddenResponse,
      pendingClaim: pendingClaim!,
      approvedClaim: approvedClaim!,
    };
  });
}
