import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { DepartmentList } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

export const getDepartments = () => api.get<DepartmentList>(apiPaths.tutorDepartments);

export const departmentsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.departments(),
    queryFn: getDepartments,
    staleTime: 5 * 60_000,
  });

/** Departments that have public tutors, A to Z: the ones there is something to follow in. */
export function useDepartments() {
  return useQuery(departmentsQueryOptions());
}
