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
} as const;
