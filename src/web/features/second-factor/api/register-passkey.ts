import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { Enrolled } from '../../../../shared/second-factor';
import type { SessionResponse } from '../../../../shared/account';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';
import { announceChange } from '../../../lib/data-changes';
import { secondFactorStatusKey } from './get-second-factor-status';

/** Asks the server for options, lets the browser create the passkey, and sends it back to be kept. */
export async function registerPasskey(input: { label: string; currentPassword?: string }): Promise<Enrolled> {
  const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>(apiPaths.secondFactorPasskeyOptions);
  // Loaded when a passkey is used, so pages that never use one do not carry it.
  const { startRegistration } = await import('@simplewebauthn/browser');
  const response = await startRegistration({ optionsJSON });
  return api.post<Enrolled>(apiPaths.secondFactorPasskey, { ...input, response });
}

export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
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
