import { useMutation } from '@tanstack/react-query';
import type { ChangeEmailRequest } from '../../../../shared/account-lifecycle';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';

/** Nothing changes until the link mailed to the new address is opened. */
export const changeEmail = (input: ChangeEmailRequest) =>
  api.post<{ pendingEmail: string }>(apiPaths.accountEmail, input);

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
