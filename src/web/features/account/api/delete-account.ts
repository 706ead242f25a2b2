import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '../../../../shared/account-lifecycle';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

export const deleteAccount = (input: DeleteAccountRequest) => api.delete<null>(apiPaths.account, input);

/** The account and its sessions are gone: nothing cached of it stays. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, { account: null });
    },
  });
}
