import { apiPaths } from '../../../../shared/api-paths';
import type { AdminUser } from '../../../../shared/users';
import { api } from '../../../lib/api-client';
import { useUserMutation } from './use-user-mutation';

/** Lets a disabled account sign in again. */
export const enableUser = (userId: string) => api.post<{ user: AdminUser }>(apiPaths.enableUser(userId));

export function useEnableUser() {
  return useUserMutation(enableUser);
}
