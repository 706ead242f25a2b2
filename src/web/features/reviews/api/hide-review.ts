import { apiPaths } from '../../../../shared/api-paths';
import type { AdminReviewResponse, ModerationReasonRequest } from '../../../../shared/review-moderation';
import { api } from '../../../lib/api-client';
import { useReviewMutation } from './use-review-mutation';

/** Takes a review off its tutor's profile and out of the average; the author is told the reason. */
export const hideReview = ({ reviewId, reason }: { reviewId: string } & ModerationReasonRequest) =>
  api.post<AdminReviewResponse>(apiPaths.hideReview(reviewId), { reason } satisfies ModerationReasonRequest);

export function useHideReview() {
  return useReviewMutation(hideReview);
}
