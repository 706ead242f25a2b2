import { apiPaths } from '../../../../shared/api-paths';
import type { CreateUserInput, CreateUserResponse } from '../../../../shared/users';
import { api } from '../../../lib/api-client';
import { useUserMutation } from './use-user-mutation';

/** 'Add User': a verified account, with a one-time password to hand over or an invitation mail. */
export const createUser = (request: CreateUserInput) => api.post<CreateUserResponse>(apiPaths.adminUsers, request);

export function useCreateUser() {
  return useUserMutation(createUser);
}
