import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { MySubmissions } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { tutorKeys } from './query-keys';

export const getMyTutors = () => api.get<MySubmissions>(apiPaths.myTutors);

export const myTutorsQueryOptions = () =>
  queryOptions({
    queryKey: tutorKeys.mine(),
    queryFn: getMyTutors,
  });

/** The tutors the signed-in student submitted, newest first, whatever their status. */
export function useMyTutors() {
  return useQuery(myTutorsQueryOptions());
}
