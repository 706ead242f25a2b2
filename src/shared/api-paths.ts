/** Every API path the web app calls, in one place, so server routes and client fetchers agree. */
export const apiPaths = {
  session: '/api/session',
  signup: '/api/auth/signup',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  verifyEmail: '/api/auth/verify-email',
  resendVerification: '/api/auth/verification',
  publicSettings: '/api/settings',
  adminSettings: '/api/admin/settings',

  imageUploads: '/api/uploads/images',

  tutors: '/api/tutors',
  tutorDepartments: '/api/tutors/departments',
  similarTutors: '/api/tutors/similar',
  myTutors: '/api/tutors/mine',
  tutor: (tutorId: string) => `/api/tutors/${tutorId}`,
  tutorReviews: (tutorId: string) => `/api/tutors/${tutorId}/reviews`,

  reviews: '/api/reviews',
  recentReviews: '/api/reviews/recent',
  myReviews: '/api/reviews/mine',
  review: (reviewId: string) => `/api/reviews/${reviewId}`,
  reviewReports: (reviewId: string) => `/api/reviews/${reviewId}/reports`,

  aiStatus: '/api/ai/status',
  /** POST; answers with a stream of server-sent events (see shared/ai.ts). */
  reviewDrafts: '/api/ai/review-drafts',

  adminTutors: '/api/admin/tutors',
  adminTutor: (tutorId: string) => `/api/admin/tutors/${tutorId}`,
  approveTutor: (tutorId: string) => `/api/admin/tutors/${tutorId}/approve`,
  rejectTutor: (tutorId: string) => `/api/admin/tutors/${tutorId}/reject`,

  adminAiCheck: '/api/admin/ai/check',

  adminReviews: '/api/admin/reviews',
  /** DELETE with a reason in the body: the author is told why. */
  adminReview: (reviewId: string) => `/api/admin/reviews/${reviewId}`,
  hideReview: (reviewId: string) => `/api/admin/reviews/${reviewId}/hide`,
  unhideReview: (reviewId: string) => `/api/admin/reviews/${reviewId}/unhide`,
  dismissReviewReports: (reviewId: string) => `/api/admin/reviews/${reviewId}/reports/dismiss`,
} as const;
