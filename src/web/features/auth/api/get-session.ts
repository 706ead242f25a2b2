import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '../../../../shared/account';
import { fetchSession } from './fetch-session';

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: fetchSession,
    staleTime: 60_000,
  });

/** The signed-in account as the server sees it (null when logged out); undefined while loading. */
export function useAccount(): { account: Account | null | undefined; isPending: boolean } {
  const { data, isPending } = useQuery(sessionQueryOptions());
  return { account: data?.account, isPending };
}

export const isAdmin = (account: Account | null | undefined): boolean => account?.role === 'admin';

/**
 * Asks the server again who is signed in, after something changed the account (its name, a
 * verified email); resolves once the new answer is in the cache, so callers can wait for it.
 */
export const refreshSession = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: sessionQueryKey });
