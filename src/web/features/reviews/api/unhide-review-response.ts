import { apiPaths } from '../../../../shared/api-paths';
import type { ResponseAnswer } from '../../../../shared/tutor-side';
import { api } from '../../../lib/api-client';
import { useReviewMutation } from './use-review-mutation';

/** Shows a hidden response of the tutor under its review again. */
export const unhideReviewResponse = (reviewId: string) =>
  api.post<ResponseAnswer>(apiPaths.unhideReviewResponse(reviewId));

export function useUnhideReviewResponse() {
  return useReviewMutation(unhideReviewResponse);
}
