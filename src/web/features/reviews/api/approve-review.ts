import { apiPaths } from '../../../../shared/api-paths';
import type { AdminReviewResponse } from '../../../../shared/review-moderation';
import { api } from '../../../lib/api-client';
import { useReviewMutation } from './use-review-mutation';

/** A review the screen flagged stands; one it held is published, counted in its tutor's average. */
export const approveReview = (reviewId: string) => api.post<AdminReviewResponse>(apiPaths.approveReview(reviewId));

export function useApproveReview() {
  return useReviewMutation(approveReview);
}
