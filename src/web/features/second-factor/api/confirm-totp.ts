import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { ConfirmTotpRequest, Enrolled } from '../../../../shared/second-factor';
import { api } from '../../../lib/api-client';
import { announceChange } from '../../../lib/data-changes';
import { secondFactorStatusKey } from './get-second-factor-status';

export const confirmTotp = (input: ConfirmTotpRequest) => api.post<Enrolled>(apiPaths.secondFactorTotp, input);

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    // The session has passed its second factor: administrator powers and the console follow.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: secondFactorStatusKey });
      void announceChange(queryClient, 'session');
    },
  });
}
