import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '../../../../shared/admin-dashboard';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { adminDashboardKeys } from './query-keys';

export const getAdminDashboard = () => api.get<AdminDashboard>(apiPaths.adminDashboard);

export const adminDashboardQueryOptions = () =>
  queryOptions({
    queryKey: adminDashboardKeys.all,
    queryFn: getAdminDashboard,
    // Only account and settings changes mark the figures stale (see query-keys): asking again on
    // every visit keeps them true after tutor and review changes, while the cached ones show meanwhile.
    staleTime: 0,
  });

/** The live figures, the reviews per week and the recent admin activity. */
export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
