import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';

export const resendVerification = () => api.post<{ email: string }>(apiPaths.resendVerification);

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
