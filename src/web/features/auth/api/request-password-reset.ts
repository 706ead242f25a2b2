import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequest } from '../../../../shared/account-lifecycle';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';

/** Answered the same whether or not the address has an account. */
export const requestPasswordReset = (input: PasswordResetRequest) =>
  api.post<{ email: string }>(apiPaths.passwordReset, input);

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
