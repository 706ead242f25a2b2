import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { useTutorMutation } from './use-tutor-mutation';

/** The tutor's account takes its response to a review back. */
export const deleteReviewResponse = (reviewId: string) => api.delete<void>(apiPaths.reviewResponse(reviewId));

export function useDeleteReviewResponse() {
  return useTutorMutation(deleteReviewResponse);
}
