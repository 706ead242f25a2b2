import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { RecentReviews } from '../../../../shared/review-answers';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './query-keys';

export const getRecentReviews = () => api.get<RecentReviews>(apiPaths.recentReviews);

export const recentReviewsQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.recent(),
    queryFn: getRecentReviews,
  });

/** The latest visible reviews, for the dashboard. */
export function useRecentReviews() {
  return useQuery(recentReviewsQueryOptions());
}
