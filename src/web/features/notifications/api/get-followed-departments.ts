import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { FollowedDepartments } from '../../../../shared/notifications';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

export const getFollowedDepartments = () => api.get<FollowedDepartments>(apiPaths.followedDepartments);

export const followedDepartmentsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.followedDepartments(),
    queryFn: getFollowedDepartments,
  });

/** The departments whose newly published tutors the user hears about. */
export function useFollowedDepartments() {
  return useQuery(followedDepartmentsQueryOptions());
}
