import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_SITE_NAME } from '../../../../shared/site-name';
import { fetchPublicSettings } from './fetch-public-settings';
import { settingsKeys } from './query-keys';

export const publicSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.public(),
    queryFn: fetchPublicSettings,
    staleTime: 5 * 60_000,
  });

/** The site name and the sign-up domains, as anyone may read them. */
export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}

/** The site name an admin chose; the default while it loads or if it cannot be read. */
export function useSiteName(): string {
  const { data } = usePublicSettings();
  return data?.siteName ?? DEFAULT_SITE_NAME;
}
