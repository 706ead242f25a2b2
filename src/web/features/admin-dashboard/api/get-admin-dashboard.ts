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
    // Not every action elsewhere in the console knows about this key: asking again on every
    // visit keeps the figures true, while the cached ones show in the meantime.
    staleTime: 0,
  });

/** The live figures, the reviews per week and the recent admin activity. */
export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
