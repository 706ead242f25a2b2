import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { DEFAULT_SITE_NAME, type PublicSettings } from '../../../../shared/settings';
import { api } from '../../../lib/api-client';

export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'public'],
    queryFn: () => api.get<PublicSettings>(apiPaths.publicSettings),
    staleTime: 5 * 60_000,
  });

/** The site name an admin chose; the default while it loads or if it cannot be read. */
export function useSiteName(): string {
  const { data } = useQuery(publicSettingsQueryOptions());
  return data?.siteName ?? DEFAULT_SITE_NAME;
}
