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

  adminTutors: '/api/admin/tutors',
  adminTutor: (tutorId: string) => `/api/admin/tutors/${tutorId}`,
  approveTutor: (tutorId: string) => `/api/admin/tutors/${tutorId}/approve`,
  rejectTutor: (tutorId: string) => `/api/admin/tutors/${tutorId}/reject`,
} as const;
