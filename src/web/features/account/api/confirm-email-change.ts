import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { announceChange } from '../../../lib/data-changes';

export const confirmEmailChange = (token: string) =>
  api.post<{ email: string }>(apiPaths.confirmEmailChange, { token });

/** The signed-in account (if it is this one) now has the new address; its other sessions ended. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => announceChange(queryClient, 'session'),
  });
}
