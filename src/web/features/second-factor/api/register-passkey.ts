import { startRegistration } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { Enrolled } from '../../../../shared/second-factor';
import { api } from '../../../lib/api-client';
import { announceChange } from '../../../lib/data-changes';
import { secondFactorStatusKey } from './get-second-factor-status';

/** Asks the server for options, lets the browser create the passkey, and sends it back to be kept. */
export async function registerPasskey(input: { label: string; currentPassword?: string }): Promise<Enrolled> {
  const optionsJSON = await api.post<PublicKeyCredentialCreationOptionsJSON>(apiPaths.secondFactorPasskeyOptions);
  const response = await startRegistration({ optionsJSON });
  return api.post<Enrolled>(apiPaths.secondFactorPasskey, { ...input, response });
}

export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: secondFactorStatusKey });
      void announceChange(queryClient, 'session');
    },
  });
}
