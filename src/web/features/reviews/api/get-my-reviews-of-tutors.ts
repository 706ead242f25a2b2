import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { MY_REVIEWS_TUTOR_IDS_MAX } from '../../../../shared/reviews-constants';
import type { MyReviewList, MyReviewsQueryInput } from '../../../../shared/my-reviews';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../../shared/query-string';
import { reviewKeys } from './query-keys';

const lookupQuery = (tutorIds: readonly string[]): MyReviewsQueryInput => ({
  // Comma-separated, in one order, so the same tutors share a cached answer.
  tutorIds: [...tutorIds].sort().join(','),
  pageSize: MY_REVIEWS_TUTOR_IDS_MAX,
});

export const getMyReviewsOfTutors = (tutorIds: readonly string[]) =>
  api.get<MyReviewList>(withQuery(apiPaths.myReviews, lookupQuery(tutorIds)));

const noReviews: ReadonlySet<string> = new Set();

export const myReviewsOfTutorsQueryOptions = (tutorIds: readonly string[]) =>
  queryOptions({
    queryKey: reviewKeys.mine(lookupQuery(tutorIds)),
    queryFn: () => getMyReviewsOfTutors(tutorIds),
    select: (list): ReadonlySet<string> => new Set(list.items.map((review) => review.tutor.id)),
  });

/**
 * Which of these tutors (at most a picker's page of them) the student has reviewed already;
 * none while the answer is on its way.
 */
export function useReviewedTutorIds(tutorIds: readonly string[]): ReadonlySet<string> {
  const ids = tutorIds.slice(0, MY_REVIEWS_TUTOR_IDS_MAX);
  const { data } = useQuery({ ...myReviewsOfTutorsQueryOptions(ids), enabled: ids.length > 0 });
  return data ?? noReviews;
}
