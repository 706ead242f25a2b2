import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { TutorResponse } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { tutorKeys } from './query-keys';

/** Approves a pending or rejected submission: it becomes public and the submitter is told. */
export const approveTutor = (tutorId: string) => api.post<TutorResponse>(apiPaths.approveTutor(tutorId));

export function useApproveTutor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveTutor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tutorKeys.all }),
  });
}
