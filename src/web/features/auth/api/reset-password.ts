import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '../../../../shared/account-lifecycle';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';

export const resetPassword = (input: ResetPasswordRequest) => api.post<null>(apiPaths.passwordResetConfirm, input);

/** Every session of the account ends, this browser's too: whatever was cached goes with it. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetPassword, onSuccess: () => queryClient.clear() });
}
