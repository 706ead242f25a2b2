import { apiPaths } from '../../../../shared/api-paths';
import type { ResponseAnswer, ResponseInput } from '../../../../shared/tutor-side';
import { api } from '../../../lib/api-client';
import { useTutorMutation } from './use-tutor-mutation';

/** The tutor's account writes its response to a review, or rewrites it. */
export const saveReviewResponse = ({ reviewId, body, screeningAcknowledged }: { reviewId: string } & ResponseInput) =>
  api.put<ResponseAnswer>(apiPaths.reviewResponse(reviewId), { body, screeningAcknowledged } satisfies ResponseInput);

export function useSaveReviewResponse() {
  return useTutorMutation(saveReviewResponse);
}
