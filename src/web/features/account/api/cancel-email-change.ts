import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';

export const cancelEmailChange = (token: string) => api.post<{ email: string }>(apiPaths.cancelEmailChange, { token });

/** Every session of the account ends, this browser's too: whatever was cached goes with it. */
export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelEmailChange, onSuccess: () => queryClient.clear() });
}
