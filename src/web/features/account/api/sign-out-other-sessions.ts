import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { accountSessionsKey } from './get-sessions';

/** Signs out every browser of the account but this one. */
export const signOutOtherSessions = () => api.post<null>(apiPaths.signOutOtherSessions);

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSessionsKey }),
  });
}
