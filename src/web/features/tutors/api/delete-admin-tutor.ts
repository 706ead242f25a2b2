import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { markStale } from '../../../lib/data-changes';

/** Deletes a tutor with its reviews and (when no other tutor uses them) its pictures. */
export const deleteAdminTutor = (tutorId: string) => api.delete<void>(apiPaths.adminTutor(tutorId));

export function useDeleteAdminTutor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminTutor,
    onSuccess: () => {
      // Marked stale without refetching: the page showing the deleted tutor is about to leave
      // it (a refetch would only answer 404), and every list refetches when it is shown next.
      markStale(queryClient, 'tutors');
    },
  });
}
