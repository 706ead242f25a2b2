import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { announceChange } from '../../../lib/data-changes';
import { tutorKeys } from './query-keys';

/** A student withdraws a submission that is still pending or was rejected. */
export const deleteMyTutor = (tutorId: string) => api.delete<void>(apiPaths.tutor(tutorId));

export function useDeleteMyTutor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMyTutor,
    onSuccess: (_result, tutorId) => {
      // The profile is gone: drop it rather than refetch it into a 404.
      queryClient.removeQueries({ queryKey: tutorKeys.detail(tutorId) });
      return announceChange(queryClient, 'tutors');
    },
  });
}
