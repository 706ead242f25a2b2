import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { AdminTutorList, AdminTutorListQueryInput } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../../shared/query-string';
import { tutorKeys } from './query-keys';

export const getAdminTutors = (query: AdminTutorListQueryInput) =>
  api.get<AdminTutorList>(withQuery(apiPaths.adminTutors, query));

export const adminTutorsQueryOptions = (query: AdminTutorListQueryInput) =>
  queryOptions({
    queryKey: tutorKeys.admin(query),
    queryFn: () => getAdminTutors(query),
    placeholderData: keepPreviousData,
  });

/** Every tutor, whatever its status or visibility, for the administrator. */
export function useAdminTutors(query: AdminTutorListQueryInput, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...adminTutorsQueryOptions(query), enabled });
}
