import { useMutation } from '@tanstack/react-query';
import type { SignupRequest, SignupResponse } from '../../../../shared/account';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';

export const signup = (input: SignupRequest) => api.post<SignupResponse>(apiPaths.signup, input);

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
