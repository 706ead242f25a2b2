import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { OwnerProof, RecoveryCodes } from '../../../../shared/second-factor';
import { api } from '../../../lib/api-client';
import { secondFactorStatusKey } from './get-second-factor-status';

export const regenerateRecoveryCodes = (proof: OwnerProof) => api.post<RecoveryCodes>(apiPaths.recoveryCodes, proof);

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorStatusKey }),
  });
}
