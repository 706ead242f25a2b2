import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { adminDashboardKeys } from '../../admin-dashboard/api/query-keys';
import { reviewKeys } from '../../reviews/api/query-keys';
import { tutorKeys } from '../../tutors/api/query-keys';
import { userKeys } from './query-keys';

/** Removes an account for good, with its sessions and its reviews. */
export const deleteUser = (userId: string) => api.delete<void>(apiPaths.adminUser(userId));

/**
 * Besides the users list and the figures, the account's reviews are gone, and with them the
 * averages of the tutors they rated: those cached answers are invalidated as well.
 */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: tutorKeys.all }),
      ]),
  });
}
