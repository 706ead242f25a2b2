import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { AdminSettings } from '../../../../shared/settings';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './query-keys';

export const getAdminSettings = () => api.get<AdminSettings>(apiPaths.adminSettings);

export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.admin(),
    queryFn: getAdminSettings,
  });

/** Every stored setting, and the AI provider the server was started with. */
export function useAdminSettings() {
  return useQuery(adminSettingsQueryOptions());
}
