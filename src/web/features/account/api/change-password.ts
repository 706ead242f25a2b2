import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '../../../../shared/account';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';

/** The server ends every other session of the account; this browser stays signed in. */
export const changePassword = (input: ChangePasswordRequest) => api.post<unknown>(apiPaths.accountPassword, input);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
