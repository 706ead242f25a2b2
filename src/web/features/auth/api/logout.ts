import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

export const logout = () => api.post<void>(apiPaths.logout);

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, { account: null });
    },
  });
}
