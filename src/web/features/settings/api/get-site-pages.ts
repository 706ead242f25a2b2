import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { SitePages } from '../../../../shared/settings';
import { api } from '../../../lib/api-client';
import { settingsKeys } from './query-keys';

export const getSitePages = () => api.get<SitePages>(apiPaths.sitePages);

export const sitePagesQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.sitePages(),
    queryFn: getSitePages,
    staleTime: 5 * 60_000,
  });

/** The privacy policy, the terms of service and the contact address, null where the administrators set none. */
export function useSitePages() {
  return useQuery(sitePagesQueryOptions());
}
