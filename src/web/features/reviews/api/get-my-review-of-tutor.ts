import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { MyReviewList, MyReviewsQueryInput } from '../../../../shared/reviews';
import { isTutorId } from '../../../../shared/tutors-constants';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../lib/query-string';
import { reviewKeys } from './query-keys';

const lookupQuery = (tutorId: string): MyReviewsQueryInput => ({ tutorId, pageSize: 1 });

export const getMyReviewOfTutor = (tutorId: string) =>
  api.get<MyReviewList>(withQuery(apiPaths.myReviews, lookupQuery(tutorId)));

export const myReviewOfTutorQueryOptions = (tutorId: string) =>
  queryOptions({
    queryKey: reviewKeys.mine(lookupQuery(tutorId)),
    queryFn: () => getMyReviewOfTutor(tutorId),
    // The cache holds the list as the API sent it, like every other reviewKeys.mine entry.
    select: (list) => list.items[0] ?? null,
  });

/**
 * The caller's review of this tutor, or null when they have not written one (a student writes at
 * most one per tutor); idle until a tutor is chosen.
 */
export function useMyReviewOfTutor(tutorId: string | undefined) {
  return useQuery({ ...myReviewOfTutorQueryOptions(tutorId ?? ''), enabled: isTutorId(tutorId) });
}
