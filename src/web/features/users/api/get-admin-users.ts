import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { AdminUserList, AdminUserListQueryInput } from '../../../../shared/users';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../../shared/query-string';
import { userKeys } from './query-keys';

export const getAdminUsers = (query: AdminUserListQueryInput) =>
  api.get<AdminUserList>(withQuery(apiPaths.adminUsers, query));

export const adminUsersQueryOptions = (query: AdminUserListQueryInput) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: () => getAdminUsers(query),
    placeholderData: keepPreviousData,
  });

/** One page of accounts, searched by name or email and filtered by role and status. */
export function useAdminUsers(query: AdminUserListQueryInput) {
  return useQuery(adminUsersQueryOptions(query));
}
