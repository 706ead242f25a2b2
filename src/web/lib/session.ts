import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '../../shared/account';
import { staleOn } from './data-changes';
import { fetchSession } from './fetch-session';

export const sessionQueryKey = ['session'] as const;

// An administrator may have changed their own name or role: the console must follow.
staleOn(['session', 'users'], sessionQueryKey);

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
