import type { World } from '../helpers/authorization-world';
import { fileUploadBody, type MultipartBody } from '../helpers/multipart';

/**
 * Who may call what: every operation /api/openapi.json documents, with the status each actor
 * gets (columns in this order):
 *
 *   anonymous | unverified student | student | another student | disabled user | admin
 *
 * Path parameters name records owned by "student" (see test/helpers/authorization-world.ts),
 * so "another student" shows each ownership check. Each request carries a valid body, so a
 * 400 cannot hide a missing guard. A disabled user's session ended when they were disabled:
 * they are answered as anonymous. authorization-matrix.test.ts fails for a documented
 * operation missing here and for an entry here the API no longer documents.
 */
export type Statuses = readonly [
  anonymous: number,
  unverified: number,
  student: number,
  otherStudent: number,
  disabled: number,
  admin: number,
];

export interface MatrixEntry {
  params?: (w: World) => Record<string, string>;
  query?: (w: World) => Record<string, string>;
  /** A valid JSON body for the operation. */
  body?: (w: World) => unknown;
  /** A valid multipart body, for the upload. */
  multipart?: (w: World) => Promise<MultipartBody>;
  statuses: Statuses;
}

// Rows that repeat: who passes each guard.
const everyone = (status: number): Statuses => [status, status, status, status, status, status];
/** requireUser: any signed-in account, verified or not. */
const signedIn = (status: number): Statuses => [401, status, status, status, 401, status];
/** requireVerifiedUser. */
const verified = (status: number): Statuses => [401, 403, status, status, 401, status];
/** requireVerifiedUser, on a record only its owner (student) may reach; others are told it does not exist. */
const ownerOnly = (status: number): Statuses => [401, 403, status, 404, 401, 404];
/** requireVerifiedUser, on a record everyone may see but only its owner (student) may change. */
const authorOnly = (status: number): Statuses => [401, 403, status, 403, 401, 403];
/** requireAdmin. */
const adminOnly = (status: number): Statuses => [401, 403, 403, 403, 401, status];

const tutorSubmission = {
  name: 'Nina Newton',
  department: 'Physics',
  biography: 'Teaches mechanics with a smile.',
  courses: ['Mechanics'],
};
const reviewContent = { title: 'Clear and patient', body: 'Explains every step and answers questions.', rating: 5 };
const reason = { reason: 'Breaks the community rules.' };
/** A browser's answer to a passkey ceremony, in the shape @simplewebauthn/browser sends. */
const webAuthnAnswer = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'AA' },
  clientExtensionResults: {},
};

export const authorizationMatrix: Record<string, MatrixEntry> = {
  // Operations
  'GET /healthz': { statuses: everyone(200) },
  'GET /readyz': { statuses: everyone(200) },

  // Session and sign-in
  'GET /api/session': { statuses: everyone(200) },
  'POST /api/auth/signup': {
    body: (w) => ({ name: 'Nova Newcomer', email: w.freshEmail, password: w.password }),
    statuses: everyone(201),
  },
  'POST /api/auth/login': {
    body: (w) => ({ email: w.users.otherStudent.email, password: w.password }),
    statuses: everyone(200),
  },
  'POST /api/auth/invitation': {
    body: (w) => ({ userId: w.invitee.user.id, secret: w.invitee.secret, password: 'a brand new passphrase' }),
    statuses: everyone(200),
  },
  'POST /api/auth/logout': { statuses: everyone(204) },
  'POST /api/auth/email-change/confirm': {
    body: (w) => ({ token: w.emailChangeToken }),
    statuses: everyone(200),
  },
  'POST /api/auth/email-change/cancel': {
    body: (w) => ({ token: w.emailChangeCancelToken }),
    statuses: everyone(200),
  },
  'POST /api/auth/password-reset': { body: (w) => ({ email: w.users.otherStudent.email }), statuses: everyone(202) },
  'POST /api/auth/password-reset/confirm': {
    body: (w) => ({ token: w.passwordResetToken, password: 'a brand new passphrase' }),
    statuses: everyone(204),
  },
  'POST /api/auth/verify-email': {
    body: (w) => ({ userId: w.users.unverified.id, secret: w.verificationSecret }),
    statuses: everyone(200),
  },
  // Verified accounts have nothing to resend.
  'POST /api/auth/verification': { statuses: [401, 200, 409, 409, 401, 409] },

  // Own account
  'PATCH /api/account': {
    body: () => ({ name: 'Renamed Person', phone: '+44 20 7946 0000' }),
    statuses: signedIn(200),
  },
  'POST /api/account/password': {
    body: (w) => ({ currentPassword: w.password, newPassword: 'another long passphrase' }),
    statuses: signedIn(204),
  },
  'POST /api/account/email': {
    body: (w) => ({ newEmail: w.freshEmail, currentPassword: w.password }),
    statuses: signedIn(202),
  },
  'GET /api/account/sessions': { statuses: signedIn(200) },
  'GET /api/account/identities': { statuses: signedIn(200) },
  // The student's university identity: only the student finds it.
  'DELETE /api/account/identities/{identityId}': {
    params: (w) => ({ identityId: w.studentIdentityId }),
    body: (w) => ({ currentPassword: w.password }),
    statuses: [401, 404, 204, 404, 401, 404],
  },
  'GET /api/account/sign-in-methods': { statuses: signedIn(200) },
  // Page navigations that answer with redirects: to the university's provider, or back with the outcome.
  'GET /api/auth/oidc/start': { statuses: everyone(303) },
  'GET /api/auth/oidc/callback': { statuses: everyone(303) },
  // Nobody's browser holds a university sign-in waiting for an administrator's password here.
  'POST /api/auth/oidc/link': { body: (w) => ({ password: w.password }), statuses: everyone(410) },
  'GET /api/account/data': { statuses: signedIn(200) },
  // The confirmation is the student's own address: anyone else signed in is told it does not match (400).
  'DELETE /api/account': {
    body: (w) => ({ currentPassword: w.password, confirmEmail: w.users.student.email }),
    statuses: [401, 400, 204, 400, 401, 400],
  },
  // The student's session on another browser: only the student finds it.
  'DELETE /api/account/sessions/{sessionId}': {
    params: (w) => ({ sessionId: w.studentOtherSessionId }),
    statuses: [401, 404, 204, 404, 401, 404],
  },
  'POST /api/account/sessions/sign-out-others': { statuses: signedIn(204) },
  'GET /api/settings': { statuses: everyone(200) },
  'GET /api/settings/site-pages': { statuses: everyone(200) },

  // Second factors: the account's own. Sessions here were signed in fresh, so adding one needs no
  // password; none of them has a second step to take (409), and only the student has a factor.
  'GET /api/second-factor': { statuses: signedIn(200) },
  'POST /api/second-factor/totp/start': { statuses: signedIn(200) },
  // No setup was started in this session: nothing to confirm.
  'POST /api/second-factor/totp': {
    body: () => ({ code: '123456', label: 'Phone' }),
    statuses: signedIn(409),
  },
  'POST /api/second-factor/passkey/options': { statuses: signedIn(200) },
  // No options were given to this session: the answer cannot hold up.
  'POST /api/second-factor/passkey': {
    body: () => ({ response: webAuthnAnswer, label: 'Laptop' }),
    statuses: signedIn(400),
  },
  'DELETE /api/second-factor/factors/{factorId}': {
    params: (w) => ({ factorId: w.studentSecondFactorId }),
    body: (w) => ({ currentPassword: w.password }),
    statuses: [401, 404, 204, 404, 401, 404],
  },
  'POST /api/second-factor/recovery-codes': {
    body: (w) => ({ currentPassword: w.password }),
    statuses: [401, 409, 200, 409, 401, 409],
  },
  'POST /api/second-factor/verify': { body: () => ({ code: '123456' }), statuses: signedIn(409) },
  'POST /api/second-factor/verify/passkey/options': { statuses: signedIn(409) },
  'POST /api/second-factor/verify/passkey': { body: () => ({ response: webAuthnAnswer }), statuses: signedIn(409) },

  // Pictures
  'POST /api/uploads/images': { multipart: async (w) => fileUploadBody(await w.picture()), statuses: verified(201) },

  // Tutors
  'GET /api/tutors': { query: () => ({ q: 'Pat', sort: 'name' }), statuses: verified(200) },
  'POST /api/tutors': { body: () => tutorSubmission, statuses: verified(201) },
  'GET /api/tutors/departments': { statuses: verified(200) },
  'GET /api/tutors/similar': { query: (w) => ({ name: w.submission.name }), statuses: verified(200) },
  'GET /api/tutors/mine': { statuses: verified(200) },
  // A pending submission: its submitter and administrators see it.
  'GET /api/tutors/{tutorId}': {
    params: (w) => ({ tutorId: w.submission.id }),
    statuses: [401, 403, 200, 404, 401, 200],
  },
  'PATCH /api/tutors/{tutorId}': {
    params: (w) => ({ tutorId: w.submission.id }),
    body: () => tutorSubmission,
    statuses: ownerOnly(200),
  },
  'DELETE /api/tutors/{tutorId}': { params: (w) => ({ tutorId: w.submission.id }), statuses: ownerOnly(204) },
  'GET /api/tutors/{tutorId}/reviews': { params: (w) => ({ tutorId: w.reviewedTutor.id }), statuses: verified(200) },
  'GET /api/tutors/{tutorId}/review-summary': {
    params: (w) => ({ tutorId: w.reviewedTutor.id }),
    statuses: verified(200),
  },
  'GET /api/tutors/claims/mine': { statuses: verified(200) },
  // The student holds a tutor's profile already: an account is the tutor of one profile at most.
  'POST /api/tutors/{tutorId}/claims': {
    params: (w) => ({ tutorId: w.publicTutor.id }),
    body: () => ({ message: 'I teach this course.' }),
    statuses: [401, 403, 409, 201, 401, 201],
  },

  // Reviews
  'GET /api/reviews': { query: () => ({ limit: '5' }), statuses: verified(200) },
  // The student is the tutor's own account: it cannot review its own profile.
  'POST /api/reviews': {
    body: (w) => ({ tutorId: w.ownTutor.id, ...reviewContent }),
    statuses: [401, 403, 403, 201, 401, 201],
  },
  'GET /api/reviews/recent': { statuses: verified(200) },
  'GET /api/reviews/mine': { query: (w) => ({ tutorId: w.reviewedTutor.id }), statuses: verified(200) },
  'GET /api/reviews/{reviewId}': { params: (w) => ({ reviewId: w.review.id }), statuses: ownerOnly(200) },
  // Everyone can read this review, so it is no secret that it exists: anyone but its author is refused, not told it is missing.
  'PATCH /api/reviews/{reviewId}': {
    params: (w) => ({ reviewId: w.review.id }),
    body: () => reviewContent,
    statuses: authorOnly(200),
  },
  'DELETE /api/reviews/{reviewId}': { params: (w) => ({ reviewId: w.review.id }), statuses: authorOnly(204) },
  // Nobody reports their own review.
  'POST /api/reviews/{reviewId}/reports': {
    params: (w) => ({ reviewId: w.review.id }),
    body: () => ({ reason: 'other', details: 'Mentions a different course.' }),
    statuses: [401, 403, 403, 204, 401, 204],
  },
  // Nobody marks their own review helpful; only students vote.
  'PUT /api/reviews/{reviewId}/helpful': {
    params: (w) => ({ reviewId: w.review.id }),
    statuses: [401, 403, 403, 200, 401, 403],
  },
  'GET /api/reviews/mine/deleted': { statuses: verified(200) },
  // Only the author appeals, once; anyone else is told the review does not exist.
  'POST /api/reviews/{reviewId}/appeal': {
    params: (w) => ({ reviewId: w.deletedReview.id }),
    body: () => ({ text: 'It is about the course, please look again.' }),
    statuses: ownerOnly(201),
  },
  'DELETE /api/reviews/{reviewId}/helpful': {
    params: (w) => ({ reviewId: w.review.id }),
    statuses: [401, 403, 403, 200, 401, 403],
  },

  // The tutor's response (the student is ownTutor's account): nobody else writes or deletes it, administrators included.
  // Rewritten (200); a first response is answered 201 (tutor-side.test.ts).
  'PUT /api/reviews/{reviewId}/response': {
    params: (w) => ({ reviewId: w.reviewWithHiddenResponse.id }),
    body: () => ({ body: 'Thank you for the feedback.' }),
    statuses: authorOnly(200),
  },
  'DELETE /api/reviews/{reviewId}/response': {
    params: (w) => ({ reviewId: w.respondedReview.id }),
    statuses: authorOnly(204),
  },

  // AI drafting (a fake OpenAI-compatible server answers)
  'GET /api/ai/status': { statuses: verified(200) },
  'POST /api/ai/review-drafts': {
    body: (w) => ({
      tutorId: w.publicTutor.id,
      title: 'Patient and precise',
      rating: 5,
      notes: 'Office hours helped.',
    }),
    statuses: verified(200),
  },

  // Notifications
  'GET /api/notifications': { query: () => ({ unreadOnly: 'true' }), statuses: verified(200) },
  'GET /api/notifications/unread-count': { statuses: verified(200) },
  'POST /api/notifications/read-all': { statuses: verified(204) },
  'POST /api/notifications/{notificationId}/read': {
    params: (w) => ({ notificationId: w.notification.id }),
    statuses: ownerOnly(204),
  },
  'GET /api/notifications/departments': { statuses: verified(200) },
  'PUT /api/notifications/departments': {
    body: () => ({ departments: ['Physics', 'Mathematics'] }),
    statuses: verified(200),
  },

  'GET /api/statistics/mine': { statuses: verified(200) },

  // Administration
  'GET /api/admin/dashboard': { statuses: adminOnly(200) },
  'GET /api/admin/settings': { statuses: adminOnly(200) },
  'PATCH /api/admin/settings': { body: () => ({ siteName: 'Tutorly', aiDraftsPerHour: 20 }), statuses: adminOnly(200) },
  'GET /api/admin/tutors': { query: () => ({ status: 'pending', sort: 'oldest' }), statuses: adminOnly(200) },
  'POST /api/admin/tutors': { body: (w) => ({ ...tutorSubmission, imageKey: w.imageKey }), statuses: adminOnly(201) },
  'PATCH /api/admin/tutors/{tutorId}': {
    params: (w) => ({ tutorId: w.submission.id }),
    body: (w) => ({ ...tutorSubmission, imageKey: w.imageKey, isPublic: false }),
    statuses: adminOnly(200),
  },
  'DELETE /api/admin/tutors/{tutorId}': {
    params: (w) => ({ tutorId: w.submission.id }),
    body: () => reason,
    statuses: adminOnly(204),
  },
  'POST /api/admin/tutors/{tutorId}/approve': {
    params: (w) => ({ tutorId: w.submission.id }),
    statuses: adminOnly(200),
  },
  'POST /api/admin/tutors/{tutorId}/reject': {
    params: (w) => ({ tutorId: w.submission.id }),
    body: () => reason,
    statuses: adminOnly(200),
  },
  'GET /api/admin/reviews': { query: () => ({ reported: 'true' }), statuses: adminOnly(200) },
  'POST /api/admin/reviews/{reviewId}/hide': {
    params: (w) => ({ reviewId: w.review.id }),
    body: () => reason,
    statuses: adminOnly(200),
  },
  'POST /api/admin/reviews/{reviewId}/approve': {
    params: (w) => ({ reviewId: w.review.id }),
    statuses: adminOnly(200),
  },
  'POST /api/admin/reviews/{reviewId}/unhide': {
    params: (w) => ({ reviewId: w.hiddenReview.id }),
    statuses: adminOnly(200),
  },
  'POST /api/admin/reviews/{reviewId}/reports/dismiss': {
    params: (w) => ({ reviewId: w.review.id }),
    statuses: adminOnly(200),
  },
  'DELETE /api/admin/reviews/{reviewId}': {
    params: (w) => ({ reviewId: w.review.id }),
    body: () => reason,
    statuses: adminOnly(204),
  },
  'GET /api/admin/reviews/appeals': { query: () => ({ page: '1' }), statuses: adminOnly(200) },
  'POST /api/admin/reviews/appeals/{appealId}/restore': {
    params: (w) => ({ appealId: w.appeal.id }),
    body: () => reason,
    statuses: adminOnly(200),
  },
  'POST /api/admin/reviews/appeals/{appealId}/uphold': {
    params: (w) => ({ appealId: w.appeal.id }),
    body: () => reason,
    statuses: adminOnly(200),
  },
  'GET /api/admin/audit-log': {
    query: (w) => ({ actorId: w.users.admin.id, action: 'user_disabled', from: '2020-01-01' }),
    statuses: adminOnly(200),
  },
  'GET /api/admin/audit-log/actors': { statuses: adminOnly(200) },
  'GET /api/admin/audit-log/export': { query: () => ({ action: 'user_disabled' }), statuses: adminOnly(200) },
  'POST /api/admin/reviews/{reviewId}/response/hide': {
    params: (w) => ({ reviewId: w.respondedReview.id }),
    body: () => reason,
    statuses: adminOnly(200),
  },
  'POST /api/admin/reviews/{reviewId}/response/unhide': {
    params: (w) => ({ reviewId: w.reviewWithHiddenResponse.id }),
    statuses: adminOnly(200),
  },
  'POST /api/admin/reviews/{reviewId}/response/approve': {
    params: (w) => ({ reviewId: w.respondedReview.id }),
    statuses: adminOnly(200),
  },
  'DELETE /api/admin/reviews/{reviewId}/response': {
    params: (w) => ({ reviewId: w.respondedReview.id }),
    body: () => reason,
    statuses: adminOnly(204),
  },
  'GET /api/admin/tutor-claims': { query: () => ({ status: 'pending' }), statuses: adminOnly(200) },
  'POST /api/admin/tutor-claims/{claimId}/approve': {
    params: (w) => ({ claimId: w.pendingClaim.id }),
    statuses: adminOnly(200),
  },
  'POST /api/admin/tutor-claims/{claimId}/reject': {
    params: (w) => ({ claimId: w.pendingClaim.id }),
    body: () => reason,
    statuses: adminOnly(200),
  },
  'POST /api/admin/tutor-claims/{claimId}/release': {
    params: (w) => ({ claimId: w.approvedClaim.id }),
    body: () => reason,
    statuses: adminOnly(200),
  },
  'POST /api/admin/ai/check': { statuses: adminOnly(200) },
  'GET /api/admin/users': { query: () => ({ role: 'student', status: 'active' }), statuses: adminOnly(200) },
  'POST /api/admin/users': {
    body: (w) => ({ name: 'Added Person', email: w.freshEmail, delivery: 'password' }),
    statuses: adminOnly(201),
  },
  'PATCH /api/admin/users/{userId}': {
    params: (w) => ({ userId: w.users.student.id }),
    body: () => ({ name: 'Samuel Student' }),
    statuses: adminOnly(200),
  },
  'DELETE /api/admin/users/{userId}': { params: (w) => ({ userId: w.users.student.id }), statuses: adminOnly(204) },
  'POST /api/admin/users/{userId}/disable': {
    params: (w) => ({ userId: w.users.student.id }),
    statuses: adminOnly(200),
  },
  'POST /api/admin/users/{userId}/enable': {
    params: (w) => ({ userId: w.users.disabled.id }),
    statuses: adminOnly(200),
  },
  'POST /api/admin/users/{userId}/password-reset': {
    params: (w) => ({ userId: w.users.student.id }),
    statuses: adminOnly(204),
  },
  'GET /api/admin/users/{userId}/identities': {
    params: (w) => ({ userId: w.users.student.id }),
    statuses: adminOnly(200),
  },
  'DELETE /api/admin/users/{userId}/identities/{identityId}': {
    params: (w) => ({ userId: w.users.student.id, identityId: w.studentIdentityId }),
    statuses: adminOnly(204),
  },
};
