import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { MyStatistics } from '../../../../shared/statistics';
import { api } from '../../../lib/api-client';
import { statisticsKeys } from './query-keys';

export const getMyStatistics = () => api.get<MyStatistics>(apiPaths.myStatistics);

export const myStatisticsQueryOptions = () =>
  queryOptions({
    queryKey: statisticsKeys.mine(),
    queryFn: getMyStatistics,
  });

/** The signed-in student's own numbers: reviews by month, ratings given, submissions by status. */
export function useMyStatistics() {
  return useQuery(myStatisticsQueryOptions());
}
