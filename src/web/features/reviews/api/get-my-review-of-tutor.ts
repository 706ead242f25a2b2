import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyReviewList } from '../../../../shared/my-reviews';
import { isTutorId } from '../../../../shared/tutors-constants';
import { api } from '../../../lib/api-client';
import { myReviewOfTutorQuery, myReviewOfTutorUrl } from '../../../../shared/page-data';
import { reviewKeys } from './query-keys';

export const getMyReviewOfTutor = (tutorId: string) => api.get<MyReviewList>(myReviewOfTutorUrl(tutorId));

export const myReviewOfTutorQueryOptions = (tutorId: string) =>
  queryOptions({
    queryKey: reviewKeys.mine(myReviewOfTutorQuery(tutorId)),
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
