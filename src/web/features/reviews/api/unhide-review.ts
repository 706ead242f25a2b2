import { apiPaths } from '../../../../shared/api-paths';
import type { AdminReviewResponse } from '../../../../shared/review-moderation';
import { api } from '../../../lib/api-client';
import { useReviewMutation } from './use-review-mutation';

/** Shows a hidden review again, back in its tutor's average. */
export const unhideReview = (reviewId: string) => api.post<AdminReviewResponse>(apiPaths.unhideReview(reviewId));

export function useUnhideReview() {
  return useReviewMutation(unhideReview);
}
