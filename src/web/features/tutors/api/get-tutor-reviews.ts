import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { isTutorId } from '../../../../shared/tutors-constants';
import type { TutorReviewList } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { tutorReviewsUrl } from '../../../../shared/page-data';
import { tutorKeys } from './query-keys';

export const getTutorReviews = (tutorId: string, page: number) =>
  api.get<TutorReviewList>(tutorReviewsUrl(tutorId, page));

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

/**
 * Asks for a page of reviews without waiting to show them: a profile starts it beside its own
 * request rather than after it. Nothing is asked for an id that cannot be a tutor's.
 */
export function usePrefetchTutorReviews(tutorId: string | undefined, page: number): void {
  const queryClient = useQueryClient();
  if (!isTutorId(tutorId)) return;
  const options = tutorReviewsQueryOptions(tutorId, page);
  if (!queryClient.getQueryState(options.queryKey)) void queryClient.prefetchQuery(options);
}
