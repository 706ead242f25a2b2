import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account } from '../../../../shared/account';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

/** The sign-in's second step with a passkey: options from the server, the browser's answer back. */
export async function verifyPasskey(): Promise<{ account: Account }> {
  const optionsJSON = await api.post<PublicKeyCredentialRequestOptionsJSON>(apiPaths.secondFactorVerifyPasskeyOptions);
  // Loaded when a passkey is used, so pages that never use one do not carry it.
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const response = await startAuthentication({ optionsJSON });
  return api.post<{ account: Account }>(apiPaths.secondFactorVerifyPasskey, { response });
}

export function useVerifyPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPasskey,
    onSuccess: ({ account }) => queryClient.setQueryData(sessionQueryKey, { account, secondFactorStep: null }),
  });
}
