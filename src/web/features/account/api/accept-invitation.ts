import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptInvitationRequest, Account } from '../../../../shared/account';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { sessionQueryOptions } from '../../../lib/session';

export const acceptInvitation = (input: AcceptInvitationRequest) => api.post<unknown>(apiPaths.acceptInvitation, input);

/**
 * An invited user chooses a password and is signed in. Resolves to the account the server now
 * reports, which decides where the user goes next.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AcceptInvitationRequest): Promise<Account | null> => {
      await acceptInvitation(input);
      // Someone else may have been signed in in this browser: drop their cached data.
      queryClient.clear();
      const { account } = await queryClient.fetchQuery(sessionQueryOptions());
      return account;
    },
  });
}
