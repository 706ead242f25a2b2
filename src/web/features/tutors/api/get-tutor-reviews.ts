import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { TutorReviewList } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';
import { tutorKeys } from './query-keys';

export const getTutorReviews = (tutorId: string, page: number) =>
  api.get<TutorReviewList>(withQuery(apiPaths.tutorReviews(tutorId), { page }));

export const tutorReviewsQueryOptions = (tutorId: string, page: number) =>
  queryOptions({
    queryKey: tutorKeys.reviews(tutorId, page),
    queryFn: () => getTutorReviews(tutorId, page),
    // The previous page stays while the next loads, but never another tutor's reviews.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === tutorId ? previous : undefined),
  });

/** One page of a tutor's visible reviews, newest first. */
export function useTutorReviews(tutorId: string, page: number) {
  return useQuery(tutorReviewsQueryOptions(tutorId, page));
}
