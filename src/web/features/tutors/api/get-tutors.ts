import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TutorList, TutorListQueryInput } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { tutorListUrl } from '../../../../shared/page-data';
import { tutorKeys } from './query-keys';

export const getTutors = (query: TutorListQueryInput) => api.get<TutorList>(tutorListUrl(query));

export const tutorsQueryOptions = (query: TutorListQueryInput) =>
  queryOptions({
    queryKey: tutorKeys.list(query),
    queryFn: () => getTutors(query),
    // The previous page stays on screen while the next one loads, so the grid does not jump.
    placeholderData: keepPreviousData,
  });

/** One page of public tutors, searched, filtered and sorted by the server. */
export function useTutors(query: TutorListQueryInput) {
  return useQuery(tutorsQueryOptions(query));
}
