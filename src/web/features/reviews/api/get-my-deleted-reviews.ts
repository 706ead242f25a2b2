import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { MyDeletedReviewList } from '../../../../shared/appeals';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './query-keys';

export const getMyDeletedReviews = () => api.get<MyDeletedReviewList>(apiPaths.myDeletedReviews);

export const myDeletedReviewsQueryOptions = () =>
  queryOptions({ queryKey: reviewKeys.myDeleted(), queryFn: getMyDeletedReviews });

/** The signed-in student's reviews a moderator deleted, with the reason and their appeal. */
export function useMyDeletedReviews() {
  return useQuery(myDeletedReviewsQueryOptions());
}
