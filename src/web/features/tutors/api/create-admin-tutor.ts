import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { AdminTutorInputDraft, TutorResponse } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { tutorKeys } from './query-keys';

/** An admin adds a teacher directly: approved at once, public unless the admin says otherwise. */
export const createAdminTutor = (input: AdminTutorInputDraft) => api.post<TutorResponse>(apiPaths.adminTutors, input);

export function useCreateAdminTutor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminTutor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tutorKeys.all }),
  });
}
