import { apiPaths } from '../../../../shared/api-paths';
import type { AdminUser } from '../../../../shared/users';
import { api } from '../../../lib/api-client';
import { useUserMutation } from './use-user-mutation';

/** Stops an account from signing in and ends its sessions; its reviews and submissions stay. */
export const disableUser = (userId: string) => api.post<{ user: AdminUser }>(apiPaths.disableUser(userId));

export function useDisableUser() {
  return useUserMutation(disableUser);
}
