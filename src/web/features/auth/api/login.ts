import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, LoginRequest } from '../../../../shared/account';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

export const login = (credentials: LoginRequest) => api.post<{ account: Account }>(apiPaths.login, credentials);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ account }) => {
      // Another person may have used this browser before: drop their cached data.
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, { account });
    },
  });
}
