import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account } from '../../../../shared/account';
import { apiPaths } from '../../../../shared/api-paths';
import type { VerifyCodeRequest } from '../../../../shared/second-factor';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

/** The sign-in's second step with a code from the app, or a recovery code. */
export const verifyCode = (input: VerifyCodeRequest) =>
  api.post<{ account: Account }>(apiPaths.secondFactorVerify, input);

export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCode,
    onSuccess: ({ account }) => queryClient.setQueryData(sessionQueryKey, { account, secondFactorStep: null }),
  });
}
