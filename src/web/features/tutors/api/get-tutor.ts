import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { TutorResponse } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { tutorKeys } from './query-keys';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a route parameter can name a tutor at all. Anything else is answered like an unknown
 * id without asking the server (and never reaches a URL it was not meant for).
 */
export const isTutorId = (value: string | undefined): value is string => value !== undefined && UUID.test(value);

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
