import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { TutorResponse, TutorSubmissionInput } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { tutorKeys } from './query-keys';

/** A student's submission: created private and pending until an admin decides. */
export const createTutor = (submission: TutorSubmissionInput) => api.post<TutorResponse>(apiPaths.tutors, submission);

export function useCreateTutor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTutor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tutorKeys.all }),
  });
}
