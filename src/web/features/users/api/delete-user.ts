import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { announceChange } from '../../../lib/data-changes';

/** Removes an account for good, with its sessions and its reviews. */
export const deleteUser = (userId: string) => api.delete<void>(apiPaths.adminUser(userId));

/**
 * Besides the account, its reviews are gone, and with them the averages of the tutors they
 * rated: the change is announced as one to reviews as well.
 */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => announceChange(queryClient, 'users', 'reviews'),
  });
}
