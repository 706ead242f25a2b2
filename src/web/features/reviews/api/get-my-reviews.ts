import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { MyReviewList, MyReviewsQueryInput } from '../../../../shared/my-reviews';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../../shared/query-string';
import { reviewKeys } from './query-keys';

export const getMyReviews = (query: MyReviewsQueryInput) => api.get<MyReviewList>(withQuery(apiPaths.myReviews, query));

export const myReviewsQueryOptions = (query: MyReviewsQueryInput) =>
  queryOptions({
    queryKey: reviewKeys.mine(query),
    queryFn: () => getMyReviews(query),
    // The previous page stays on screen while the next one loads, so the list does not jump.
    placeholderData: keepPreviousData,
  });

/** One page of the signed-in student's reviews, newest first, hidden ones included with the moderator's reason. */
export function useMyReviews(query: MyReviewsQueryInput) {
  return useQuery(myReviewsQueryOptions(query));
}
