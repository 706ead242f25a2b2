import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { isTutorId } from '../../../../shared/tutors-constants';
import type { TutorReviewList } from '../../../../shared/tutor-reviews';
import { api } from '../../../lib/api-client';
import { type TutorReviewsPageQuery, tutorReviewsUrl } from '../../../../shared/page-data';
import { tutorKeys } from './query-keys';

export const getTutorReviews = (tutorId: string, query: TutorReviewsPageQuery) =>
  api.get<TutorReviewList>(tutorReviewsUrl(tutorId, query));

export const tutorReviewsQueryOptions = (tutorId: string, query: TutorReviewsPageQuery) =>
  queryOptions({
    queryKey: tutorKeys.reviews(tutorId, query),
    queryFn: () => getTutorReviews(tutorId, query),
    // The previous page (or order, or filter) stays while the next loads, but never another tutor's reviews.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === tutorId ? previous : undefined),
  });

/** One page of a tutor's visible reviews, in the order and with the filters asked for. */
export function useTutorReviews(tutorId: string, query: TutorReviewsPageQuery) {
  return useQuery(tutorReviewsQueryOptions(tutorId, query));
}

/**
 * Asks for a page of reviews without waiting to show them: a profile starts it beside its own
 * request rather than after it. Nothing is asked for an id that cannot be a tutor's.
 */
export function usePrefetchTutorReviews(tutorId: string | undefined, query: TutorReviewsPageQuery): void {
  const queryClient = useQueryClient();
  if (!isTutorId(tutorId)) return;
  const options = tutorReviewsQueryOptions(tutorId, query);
  if (!queryClient.getQueryState(options.queryKey)) void queryClient.prefetchQuery(options);
}
