import { staleOn } from '../../../lib/data-changes';

export const adminDashboardKeys = {
  all: ['admin-dashboard'] as const,
};

// The figures and the recent activity move with what administrators do to accounts and settings.
// Tutor and review changes need no entry: the dashboard asks again on every visit (staleTime 0).
staleOn(['users', 'settings'], adminDashboardKeys.all);
