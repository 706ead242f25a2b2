import { apiPaths } from '../../../../shared/api-paths';
import type { ModerationReasonRequest } from '../../../../shared/review-moderation';
import type { ResponseAnswer } from '../../../../shared/tutor-side';
import { api } from '../../../lib/api-client';
import { useReviewMutation } from './use-review-mutation';

/** Takes the tutor's response off its review; the tutor's account is told the reason. */
export const hideReviewResponse = ({ reviewId, reason }: { reviewId: string } & ModerationReasonRequest) =>
  api.post<ResponseAnswer>(apiPaths.hideReviewResponse(reviewId), { reason } satisfies ModerationReasonRequest);

export function useHideReviewResponse() {
  return useReviewMutation(hideReviewResponse);
}
