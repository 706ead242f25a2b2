/**
 * The dashboard's figures move with almost every admin action (users, tutors, reviews), so
 * those mutations invalidate this key as well as their own lists.
 */
export const adminDashboardKeys = {
  all: ['admin-dashboard'] as const,
};
