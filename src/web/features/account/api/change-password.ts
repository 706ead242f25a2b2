import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '../../../../shared/account';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { announceChange } from '../../../lib/data-changes';

/** The server ends every other session of the account; this browser stays signed in. */
export const changePassword = (input: ChangePasswordRequest) => api.post<unknown>(apiPaths.accountPassword, input);

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // A password someone else handed over is no longer required to change: the session says so.
    onSuccess: () => announceChange(queryClient, 'session'),
  });
}
