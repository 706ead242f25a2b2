import { apiPaths } from '../../../../shared/api-paths';
import type { AdminUser, UpdateUserRequest } from '../../../../shared/users';
import { api } from '../../../lib/api-client';
import { useUserMutation } from './use-user-mutation';

/** Changes an account's name or role. */
export const updateUser = ({ userId, changes }: { userId: string; changes: UpdateUserRequest }) =>
  api.patch<{ user: AdminUser }>(apiPaths.adminUser(userId), changes);

export function useUpdateUser() {
  return useUserMutation(updateUser);
}
