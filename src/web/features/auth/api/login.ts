import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, SessionResponse } from '../../../../shared/account';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

/** The account, and the second factor step this session must take first (null: none). */
export const login = (credentials: LoginRequest) =>
  api.post<SessionResponse & { account: NonNullable<SessionResponse['account']> }>(apiPaths.login, credentials);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      // Another person may have used this browser before: drop their cached data.
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, session);
    },
  });
}
