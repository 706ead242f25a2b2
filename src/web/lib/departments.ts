import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../shared/api-paths';
import type { DepartmentList } from '../../shared/tutors';
import { api } from './api-client';
import { staleOn } from './data-changes';

export const getDepartments = () => api.get<DepartmentList>(apiPaths.tutorDepartments);

export const departmentsQueryKey = ['departments'] as const;

// A tutor published, hidden or deleted may add or remove a department.
staleOn(['tutors'], departmentsQueryKey);

export const departmentsQueryOptions = () =>
  queryOptions({
    queryKey: departmentsQueryKey,
    queryFn: getDepartments,
    staleTime: 5 * 60_000,
  });

/**
 * Departments that have public tutors, A to Z: the tutors' department filter and form, and the
 * departments a student can follow.
 */
export function useDepartments() {
  return useQuery(departmentsQueryOptions());
}
