import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { accountSessionsKey } from './get-sessions';

/** Signs out one of the account's other browsers. */
export const revokeSession = (sessionId: string) => api.delete<null>(apiPaths.accountSession(sessionId));

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}
