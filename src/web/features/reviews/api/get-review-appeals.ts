import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { AdminAppealList, AdminAppealListQueryInput } from '../../../../shared/appeals';
import { withQuery } from '../../../../shared/query-string';
import { api } from '../../../lib/api-client';
import { reviewKeys } from './query-keys';

export const getReviewAppeals = (query: AdminAppealListQueryInput) =>
  api.get<AdminAppealList>(withQuery(apiPaths.adminAppeals, query));

export const reviewAppealsQueryOptions = (query: AdminAppealListQueryInput) =>
  queryOptions({
    queryKey: reviewKeys.appeals(query),
    queryFn: () => getReviewAppeals(query),
    placeholderData: keepPreviousData,
  });

/** The waiting appeals, oldest first, for review management's Appeals queue. */
export function useReviewAppeals(query: AdminAppealListQueryInput) {
  return useQuery(reviewAppealsQueryOptions(query));
}
