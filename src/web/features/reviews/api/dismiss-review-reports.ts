import { apiPaths } from '../../../../shared/api-paths';
import type { AdminReviewResponse } from '../../../../shared/review-moderation';
import { api } from '../../../lib/api-client';
import { useReviewMutation } from './use-review-mutation';

/** Closes a review's open reports as unfounded; the review stays as it is. */
export const dismissReviewReports = (reviewId: string) =>
  api.post<AdminReviewResponse>(apiPaths.dismissReviewReports(reviewId));

export function useDismissReviewReports() {
  return useReviewMutation(dismissReviewReports);
}
