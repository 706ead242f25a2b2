import { apiPaths } from '../../../../shared/api-paths';
import type { AppealReviewRequest, ReviewAppealResponse } from '../../../../shared/appeals';
import { api } from '../../../lib/api-client';
import { useReviewMutation } from './use-review-mutation';

/** The author asks a moderator to look again at their hidden or deleted review, once. */
export const appealReview = ({ reviewId, text }: { reviewId: string } & AppealReviewRequest) =>
  api.post<ReviewAppealResponse>(apiPaths.reviewAppeal(reviewId), { text } satisfies AppealReviewRequest);

export function useAppealReview() {
  return useReviewMutation(appealReview);
}
