import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { isReviewId } from '../../../../shared/reviews-constants';
import type { ReviewResponse } from '../../../../shared/my-reviews';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './query-keys';

export const getReview = (reviewId: string) => api.get<ReviewResponse>(apiPaths.review(reviewId));

export const reviewQueryOptions = (reviewId: string) =>
  queryOptions({
    queryKey: reviewKeys.detail(reviewId),
    queryFn: () => getReview(reviewId),
  });

/** One of the caller's own reviews, for the edit form; disabled (and pending forever) when the id cannot be a review's. */
export function useReview(reviewId: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...reviewQueryOptions(reviewId ?? ''), enabled: enabled && isReviewId(reviewId) });
}
