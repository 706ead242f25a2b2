import { apiPaths } from '../../../../shared/api-paths';
import type { ModerationReasonRequest } from '../../../../shared/review-moderation';
import { api } from '../../../lib/api-client';
import { useReviewMutation } from './use-review-mutation';

/** Deletes any review for good; the reason reaches its author. */
export const deleteAdminReview = ({ reviewId, reason }: { reviewId: string } & ModerationReasonRequest) =>
  api.delete<void>(apiPaths.adminReview(reviewId), { reason } satisfies ModerationReasonRequest);

export function useDeleteAdminReview() {
  return useReviewMutation(deleteAdminReview);
}
