import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { isTutorId } from '../../../../shared/tutors-constants';
import type { TutorResponse } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { tutorKeys } from './query-keys';

export const getTutor = (tutorId: string) => api.get<TutorResponse>(apiPaths.tutor(tutorId));

export const tutorQueryOptions = (tutorId: string) =>
  queryOptions({
    queryKey: tutorKeys.detail(tutorId),
    queryFn: () => getTutor(tutorId),
  });

/** A tutor's profile; disabled (and pending forever) when the id cannot be a tutor's. */
export function useTutor(tutorId: string | undefined) {
  return useQuery({ ...tutorQueryOptions(tutorId ?? ''), enabled: isTutorId(tutorId) });
}
