import { apiPaths } from '../../../../shared/api-paths';
import type { ModerationReasonRequest } from '../../../../shared/review-moderation';
import { api } from '../../../lib/api-client';
import { useReviewMutation } from './use-review-mutation';

/** Deletes the tutor's response to a review for good; the reason is kept in the audit log. */
export const deleteAdminReviewResponse = ({ reviewId, reason }: { reviewId: string } & ModerationReasonRequest) =>
  api.delete<void>(apiPaths.adminReviewResponse(reviewId), { reason } satisfies ModerationReasonRequest);

export function useDeleteAdminReviewResponse() {
  return useReviewMutation(deleteAdminReviewResponse);
}
