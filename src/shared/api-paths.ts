/** Every API path, in one place, so server routes, client fetchers and tests agree. */
export const apiPaths = {
  session: '/api/session',
  signup: '/api/auth/signup',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  verifyEmail: '/api/auth/verify-email',
  resendVerification: '/api/auth/verification',
  /** POST {userId, secret, password}: an invited user chooses a password and is signed in. */
  acceptInvitation: '/api/auth/invitation',
  /** POST {email}: mail a password reset link, if the address has an account (answered the same either way). */
  passwordReset: '/api/auth/password-reset',
  /** POST {token, password}: choose a new password through the mailed link; every session ends. */
  passwordResetConfirm: '/api/auth/password-reset/confirm',
  /** PATCH: the caller's name, phone, theme and language (never the address). DELETE: 'Delete my account'. */
  account: '/api/account',
  /** GET: 'Download my data', a JSON file. */
  accountData: '/api/account/data',
  /** POST: change the caller's password; their other sessions end. */
  accountPassword: '/api/account/password',
  /** POST {newEmail, currentPassword}: mail a confirmation link to the new address, a notice to the old. */
  accountEmail: '/api/account/email',
  /** POST {token}: the link from the new address's mail; the account moves to it. */
  confirmEmailChange: '/api/auth/email-change/confirm',
  /** POST {token}: 'Cancel this change' from the notice to the current address; every session ends. */
  cancelEmailChange: '/api/auth/email-change/cancel',
  /** GET: the university sign-ins linked to the caller's account. */
  accountIdentities: '/api/account/identities',
  /** DELETE {currentPassword?}: unlink that university sign-in. */
  accountIdentity: (identityId: string) => `/api/account/identities/${identityId}`,
  /** GET: the account's signed-in browsers. */
  accountSessions: '/api/account/sessions',
  /** DELETE: sign out that browser. */
  accountSession: (sessionId: string) => `/api/account/sessions/${sessionId}`,
  /** POST: sign out every browser but this one. */
  signOutOtherSessions: '/api/account/sessions/sign-out-others',
  /**
   * GET (a page navigation, not a fetch): leave for the university's sign-in. `intent=confirm`
   * asks the signed-in owner to sign in there again; `returnTo` is a path on this site.
   */
  campusSignInStart: '/api/auth/oidc/start',
  /** GET: where the university's provider sends the browser back (register it as the redirect URI). */
  campusSignInCallback: '/api/auth/oidc/callback',
  /** POST {password}: an administrator links the university sign-in waiting in this browser. */
  campusLink: '/api/auth/oidc/link',
  /** GET: how the signed-in account can prove it is its owner: its password, its university, or both. */
  accountSignInMethods: '/api/account/sign-in-methods',
  /** GET: the account's second factors, its recovery codes left and what this session must do. */
  secondFactor: '/api/second-factor',
  /** POST: a new authenticator-app secret for this session to confirm. */
  secondFactorTotpStart: '/api/second-factor/totp/start',
  /** POST {code, label, currentPassword?}: the app's code confirms the secret; it becomes a factor. */
  secondFactorTotp: '/api/second-factor/totp',
  /** POST: WebAuthn options for creating a passkey. */
  secondFactorPasskeyOptions: '/api/second-factor/passkey/options',
  /** POST {response, label, currentPassword?}: the created passkey becomes a factor. */
  secondFactorPasskey: '/api/second-factor/passkey',
  /** DELETE {currentPassword?}: remove that factor. */
  secondFactorFactor: (factorId: string) => `/api/second-factor/factors/${factorId}`,
  /** POST {currentPassword?}: ten new recovery codes; the old ones stop working. */
  recoveryCodes: '/api/second-factor/recovery-codes',
  /** POST {code}: the sign-in's second step with an authenticator-app code or a recovery code. */
  secondFactorVerify: '/api/second-factor/verify',
  /** POST: WebAuthn options for the sign-in's second step with a passkey. */
  secondFactorVerifyPasskeyOptions: '/api/second-factor/verify/passkey/options',
  /** POST {response}: the sign-in's second step with a passkey. */
  secondFactorVerifyPasskey: '/api/second-factor/verify/passkey',
  publicSettings: '/api/settings',
  sitePages: '/api/settings/site-pages',
  adminSettings: '/api/admin/settings',

  imageUploads: '/api/uploads/images',

  tutors: '/api/tutors',
  tutorDepartments: '/api/tutors/departments',
  similarTutors: '/api/tutors/similar',
  myTutors: '/api/tutors/mine',
  tutor: (tutorId: string) => `/api/tutors/${tutorId}`,
  tutorReviews: (tutorId: string) => `/api/tutors/${tutorId}/reviews`,
  tutorReviewSummary: (tutorId: string) => `/api/tutors/${tutorId}/review-summary`,
  /** POST {message?}: 'Claim this profile'. */
  tutorClaims: (tutorId: string) => `/api/tutors/${tutorId}/claims`,
  myTutorClaims: '/api/tutors/claims/mine',

  reviews: '/api/reviews',
  recentReviews: '/api/reviews/recent',
  myReviews: '/api/reviews/mine',
  review: (reviewId: string) => `/api/reviews/${reviewId}`,
  reviewReports: (reviewId: string) => `/api/reviews/${reviewId}/reports`,
  reviewHelpfulVote: (reviewId: string) => `/api/reviews/${reviewId}/helpful`,
  /** GET: the caller's reviews a moderator deleted, with the reason and their appeal. */
  myDeletedReviews: '/api/reviews/mine/deleted',
  /** POST {text}: the author appeals their hidden or deleted review, once. */
  reviewAppeal: (reviewId: string) => `/api/reviews/${reviewId}/appeal`,
  /** PUT {body}: the tutor's account writes or rewrites its response; DELETE takes it back. */
  reviewResponse: (reviewId: string) => `/api/reviews/${reviewId}/response`,

  notifications: '/api/notifications',
  unreadNotifications: '/api/notifications/unread-count',
  notificationRead: (notificationId: string) => `/api/notifications/${notificationId}/read`,
  allNotificationsRead: '/api/notifications/read-all',
  /** GET, and PUT with the whole list. */
  followedDepartments: '/api/notifications/departments',

  myStatistics: '/api/statistics/mine',

  aiStatus: '/api/ai/status',
  /** POST; answers with a stream of server-sent events (see shared/ai-drafting.ts). */
  reviewDrafts: '/api/ai/review-drafts',

  adminTutors: '/api/admin/tutors',
  adminTutor: (tutorId: string) => `/api/admin/tutors/${tutorId}`,
  approveTutor: (tutorId: string) => `/api/admin/tutors/${tutorId}/approve`,
  rejectTutor: (tutorId: string) => `/api/admin/tutors/${tutorId}/reject`,

  adminAiCheck: '/api/admin/ai/check',
  adminDashboard: '/api/admin/dashboard',

  adminUsers: '/api/admin/users',
  /** PATCH {name?, role?}; DELETE removes the account, its sessions and its reviews. */
  adminUser: (userId: string) => `/api/admin/users/${userId}`,
  disableUser: (userId: string) => `/api/admin/users/${userId}/disable`,
  enableUser: (userId: string) => `/api/admin/users/${userId}/enable`,
  /** POST: mail the user a password reset link (no administrator ever sees or sets a password). */
  sendPasswordReset: (userId: string) => `/api/admin/users/${userId}/password-reset`,
  /** GET: the university sign-ins linked to the account. */
  adminUserIdentities: (userId: string) => `/api/admin/users/${userId}/identities`,
  /** DELETE: unlink that university sign-in; every session of the account ends. */
  adminUserIdentity: (userId: string, identityId: string) => `/api/admin/users/${userId}/identities/${identityId}`,

  adminReviews: '/api/admin/reviews',
  /** DELETE with a reason in the body: the author is told why. */
  adminReview: (reviewId: string) => `/api/admin/reviews/${reviewId}`,
  hideReview: (reviewId: string) => `/api/admin/reviews/${reviewId}/hide`,
  unhideReview: (reviewId: string) => `/api/admin/reviews/${reviewId}/unhide`,
  /** POST: a review the screen flagged or holds stands; a held one is published. */
  approveReview: (reviewId: string) => `/api/admin/reviews/${reviewId}/approve`,
  dismissReviewReports: (reviewId: string) => `/api/admin/reviews/${reviewId}/reports/dismiss`,
  /** GET: the waiting appeals, oldest first. */
  adminAppeals: '/api/admin/reviews/appeals',
  /** POST {reason}: restore the appealed review, or uphold the decision. */
  decideAppeal: (appealId: string, decision: 'restore' | 'uphold') =>
    `/api/admin/reviews/appeals/${appealId}/${decision}`,

  /** GET: every admin action, filtered (?actorId=&action=&from=&to=) and paged. */
  adminAuditLog: '/api/admin/audit-log',
  /** GET: who has entries in the audit log, for the person filter. */
  adminAuditLogActors: '/api/admin/audit-log/actors',
  /** GET: the filtered audit log as a CSV file (every matching entry). */
  adminAuditLogExport: '/api/admin/audit-log/export',
  /** DELETE with a reason in the body. */
  adminReviewResponse: (reviewId: string) => `/api/admin/reviews/${reviewId}/response`,
  hideReviewResponse: (reviewId: string) => `/api/admin/reviews/${reviewId}/response/hide`,
  unhideReviewResponse: (reviewId: string) => `/api/admin/reviews/${reviewId}/response/unhide`,
  /** POST: a response the screen flagged or holds stands; a held one is published. */
  approveReviewResponse: (reviewId: string) => `/api/admin/reviews/${reviewId}/response/approve`,

  /** GET ?status=pending|approved|rejected. */
  adminTutorClaims: '/api/admin/tutor-claims',
  approveTutorClaim: (claimId: string) => `/api/admin/tutor-claims/${claimId}/approve`,
  rejectTutorClaim: (claimId: string) => `/api/admin/tutor-claims/${claimId}/reject`,
  releaseTutorClaim: (claimId: string) => `/api/admin/tutor-claims/${claimId}/release`,

  /** The API described for people and tools, served by the server's OpenAPI plugin. */
  openApiDocument: '/api/openapi.json',
  apiDocs: '/api/docs',
} as const;
