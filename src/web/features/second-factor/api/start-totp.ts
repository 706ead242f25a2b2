import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { TotpEnrolment } from '../../../../shared/second-factor';
import { api } from '../../../lib/api-client';

/** A new authenticator-app secret, kept by the server for this session until a code confirms it. */
export const startTotp = () => api.post<TotpEnrolment>(apiPaths.secondFactorTotpStart);

export function useStartTotp() {
  return useMutation({ mutationFn: startTotp });
}
