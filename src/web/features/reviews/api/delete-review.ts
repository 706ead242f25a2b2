import { useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './query-keys';
import { useReviewMutation } from './use-review-mutation';

/** The author withdraws one of their reviews. */
export const deleteReview = (reviewId: string) => api.delete<void>(apiPaths.review(reviewId));

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useReviewMutation(async (reviewId: string) => {
    await deleteReview(reviewId);
    // The review is gone: drop its cached edit form rather than refetch it into a 404.
    queryClient.removeQueries({ queryKey: reviewKeys.detail(reviewId) });
  });
}
