import { apiPaths } from '../../../../shared/api-paths';
import type { CreateReviewInput } from '../../../../shared/reviews';
import type { ReviewResponse } from '../../../../shared/my-reviews';
import { api } from '../../../lib/api-client';
import { useReviewMutation } from './use-review-mutation';

/** A new review of a public tutor; the API answers 409 `review_exists` when the student already has one. */
export const createReview = (input: CreateReviewInput) => api.post<ReviewResponse>(apiPaths.reviews, input);

export function useCreateReview() {
  return useReviewMutation(createReview);
}
