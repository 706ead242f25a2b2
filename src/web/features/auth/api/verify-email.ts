import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VerifyEmailRequest } from '../../../../shared/account';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';

export const verifyEmail = (input: VerifyEmailRequest) => api.post<{ verified: true }>(apiPaths.verifyEmail, input);

/**
 * The secret is single-use, so the confirmation is held as a query keyed by the link:
 * it runs exactly once per link even when the page renders twice, and never retries.
 */
export const verifyEmailQueryOptions = (input: VerifyEmailRequest) =>
  queryOptions({
    queryKey: ['verify-email', input.userId, input.secret],
    queryFn: () => verifyEmail(input),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useVerifyEmail(input: VerifyEmailRequest | null) {
  return useQuery({ ...verifyEmailQueryOptions(input ?? { userId: '', secret: '' }), enabled: input !== null });
}
