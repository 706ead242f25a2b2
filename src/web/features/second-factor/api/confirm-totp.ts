import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { ConfirmTotpRequest, Enrolled } from '../../../../shared/second-factor';
import type { SessionResponse } from '../../../../shared/account';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';
import { announceChange } from '../../../lib/data-changes';
import { secondFactorStatusKey } from './get-second-factor-status';

export const confirmTotp = (input: ConfirmTotpRequest) => api.post<Enrolled>(apiPaths.secondFactorTotp, input);

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    // The session has passed its second factor: administrator powers and the console follow.
    onSuccess: () => {
      // Nothing is left to set up: the guards let the session through at once, and the account is read again.
      queryClient.setQueryData<SessionResponse>(
        sessionQueryKey,
        (session) => session && { ...session, secondFactorStep: null },
      );
      void queryClient.invalidateQueries({ queryKey: secondFactorStatusKey });
      void announceChange(queryClient, 'session');
    },
  });
}
