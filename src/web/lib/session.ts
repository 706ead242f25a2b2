import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '../../shared/account';
import { staleOn } from './data-changes';
import { fetchSession } from './fetch-session';

export const sessionQueryKey = ['session'] as const;

// An administrator may have changed their own name or role: the console must follow.
staleOn(['session', 'users'], sessionQueryKey);

/**
 * The account's theme shows as soon as the session tells it: the page may have come in another,
 * signed in on this very page or changed on another device (the server has brought this
 * browser's cookie up to date with the same answer).
 */
async function fetchSessionShowingTheme() {
  const session = await fetchSession();
  const theme = session.account?.theme;
  // As lib/theme.ts's applyTheme, written out: this module is on every page's first path, that one is not.
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else if (theme) document.documentElement.dataset.theme = theme;
  return session;
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: fetchSessionShowingTheme,
    staleTime: 60_000,
  });

/** The signed-in account as the server sees it (null when logged out); undefined while loading. */
export function useAccount(): { account: Account | null | undefined; isPending: boolean } {
  const { data, isPending } = useQuery(sessionQueryOptions());
  return { account: data?.account, isPending };
}

export const isAdmin = (account: Account | null | undefined): boolean => account?.role === 'admin';
