/** Every route of the web app; links and redirects use these, never string literals. */
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  verify: '/verify',
  /** An administrator's invitation: choose a password (?userId=&secret=). */
  welcome: '/welcome',
  about: '/about',
  /** The site's own pages, written by an administrator in Settings. */
  privacy: '/privacy',
  terms: '/terms',
  contact: '/contact',
  /** 'Forgot password?': ask for a reset link by mail. */
  forgotPassword: '/forgot-password',
  /** Where a reset mail links to (?token=): choose a new password. */
  resetPassword: '/reset-password',
  /** Where the mail to a new address links to (?token=): confirm the change. */
  confirmEmail: '/confirm-email',
  /** Where the notice to the old address links to (?token=): 'Cancel this change'. */
  cancelEmailChange: '/cancel-email-change',
  /** Where a campus sign-in with an administrator's address lands: the password, once, links it. */
  linkUniversity: '/link-university',
  /** Signed in with a password someone else handed over: choose one's own, then go on (?next=). */
  choosePassword: '/choose-password',
  /** The sign-in's second step: a passkey, an app's code or a recovery code, then on (?next=). */
  secondFactor: '/second-factor',
  /** An administrator who must use a second factor sets one up, then goes on (?next=). */
  secondFactorSetup: '/second-factor/setup',
  user: {
    root: '/user',
    dashboard: '/user/dashboard',
    profile: '/user/profile',
    tutors: '/user/tutors',
    myTutors: '/user/mytutors',
    myReviews: '/user/myreviews',
    /** My Reviews with the appeal of this hidden or deleted review open. */
    myReviewAppeal: (reviewId: string) => `/user/myreviews?appeal=${reviewId}`,
    tutorForm: '/user/tutorform',
    /** A student's pending or rejected submission, opened in the Add Tutor form to edit. */
    editTutor: (tutorId: string) => `/user/tutorform/${tutorId}`,
    addTeacher: '/user/add-teacher',
    tutorProfile: (tutorId?: string) => (tutorId ? `/user/tutorprofile/${tutorId}` : '/user/tutorprofile'),
    submitReview: (reviewId?: string) => (reviewId ? `/user/SubmitReview/${reviewId}` : '/user/SubmitReview'),
    allReviews: '/user/allreviews',
    statistics: '/user/statistics',
    notifications: '/user/notifications',
  },
  admin: {
    root: '/admin',
    users: '/admin/users',
    manageSubmissions: '/admin/managesubmissions',
    manageSubmissionsAlias: '/admin/manage-submissions',
    reviewManagement: '/admin/review-managment',
    /** Users asking to be a tutor's own account. */
    profileClaims: '/admin/profile-claims',
    teacherProfileManagement: '/admin/teacher-profile-managment',
    teacherFullProfile: (tutorId?: string) =>
      tutorId ? `/admin/teacher/fullprofile/${tutorId}` : '/admin/teacher/fullprofile',
    teacherForm: '/admin/teacher-form',
    /** 'Edit Profile' on a full profile: the teacher form, prefilled. */
    editTeacher: (tutorId: string) => `/admin/teacher-form/${tutorId}`,
    addTeacher: '/admin/add-teacher',
    settings: '/admin/settings',
    profile: '/admin/profile',
    /** Every admin action, filtered by person, kind and dates (?actorId=&action=&from=&to=&page=). */
    auditLog: '/admin/audit-log',
  },
} as const;
