import { apiPaths } from '../../../../shared/api-paths';
import type { UpdateReviewInput } from '../../../../shared/reviews';
import type { ReviewResponse } from '../../../../shared/my-reviews';
import { api } from '../../../lib/api-client';
import { useReviewMutation } from './use-review-mutation';

/** The author rewrites their review; its tutor stays the one it was written about. */
export const updateReview = ({ reviewId, input }: { reviewId: string; input: UpdateReviewInput }) =>
  api.patch<ReviewResponse>(apiPaths.review(reviewId), input);

export function useUpdateReview() {
  return useReviewMutation(updateReview);
}
