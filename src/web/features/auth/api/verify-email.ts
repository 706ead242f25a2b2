import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VerifyEmailRequest } from '../../../../shared/account';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { announceChange } from '../../../lib/data-changes';

export const verifyEmail = (input: VerifyEmailRequest) => api.post<{ verified: true }>(apiPaths.verifyEmail, input);

/**
 * The secret is single-use, so the confirmation is held as a query keyed by the link:
 * it runs exactly once per link even when the page renders twice, and never retries.
 */
export const verifyEmailQueryOptions = (input: VerifyEmailRequest, onVerified: () => Promise<void>) =>
  queryOptions({
    queryKey: ['verify-email', input.userId, input.secret],
    queryFn: async () => {
      const result = await verifyEmail(input);
      await onVerified();
      return result;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useVerifyEmail(input: VerifyEmailRequest | null) {
  const queryClient = useQueryClient();
  // A signed-in student's account now reads emailVerified: true.
  const refreshSession = () => announceChange(queryClient, 'session');
  return useQuery({
    ...verifyEmailQueryOptions(input ?? { userId: '', secret: '' }, refreshSession),
    enabled: input !== null,
  });
}
