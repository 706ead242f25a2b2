import { apiPaths } from '../../../../shared/api-paths';
import type { ResponseAnswer } from '../../../../shared/tutor-side';
import { api } from '../../../lib/api-client';
import { useReviewMutation } from './use-review-mutation';

/** A response of the tutor the screen flagged or holds stands; a held one is published under its review. */
export const approveReviewResponse = (reviewId: string) =>
  api.post<ResponseAnswer>(apiPaths.approveReviewResponse(reviewId));

export function useApproveReviewResponse() {
  return useReviewMutation(approveReviewResponse);
}
