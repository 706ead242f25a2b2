import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { AdminReviewList, AdminReviewListQueryInput } from '../../../../shared/review-moderation';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../../shared/query-string';
import { reviewKeys } from './query-keys';

export const getAdminReviews = (query: AdminReviewListQueryInput) =>
  api.get<AdminReviewList>(withQuery(apiPaths.adminReviews, query));

export const adminReviewsQueryOptions = (query: AdminReviewListQueryInput) =>
  queryOptions({
    queryKey: reviewKeys.admin(query),
    queryFn: () => getAdminReviews(query),
    placeholderData: keepPreviousData,
  });

/** Every review, hidden or not, with its open reports, for the moderators. */
export function useAdminReviews(query: AdminReviewListQueryInput, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...adminReviewsQueryOptions(query), enabled });
}
