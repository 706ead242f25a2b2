import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { AdminTutorInputDraft, TutorResponse } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { tutorKeys } from './query-keys';

/** 'Edit Profile': saves every field; making a pending or rejected tutor public approves it. */
export const updateAdminTutor = ({ tutorId, input }: { tutorId: string; input: AdminTutorInputDraft }) =>
  api.patch<TutorResponse>(apiPaths.adminTutor(tutorId), input);

export function useUpdateAdminTutor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminTutor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tutorKeys.all }),
  });
}
