import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { OwnerProof } from '../../../../shared/second-factor';
import { api } from '../../../lib/api-client';
import { secondFactorStatusKey } from './get-second-factor-status';

export const removeSecondFactor = ({ factorId, ...proof }: OwnerProof & { factorId: string }) =>
  api.delete<null>(apiPaths.secondFactorFactor(factorId), proof);

export function useRemoveSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSecondFactor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: secondFactorStatusKey }),
  });
}
