import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '../../shared/account';
import { currentLanguage, i18n } from '../i18n/i18n';
import { staleOn } from './data-changes';
import { fetchSession } from './fetch-session';

export const sessionQueryKey = ['session'] as const;

// An administrator may have changed their own name or role: the console must follow.
staleOn(['session', 'users'], sessionQueryKey);

/**
 * The account's theme and language show as soon as the session tells them: the page may have
 * come in others, signed in on this very page or changed on another device (the server has
 * brought this browser's cookies up to date with the same answer). The language changes
 * without a reload, its catalogs fetched first.
 */
async function fetchSessionShowingTheme() {
  const session = await fetchSession();
  const theme = session.account?.theme;
  // As lib/theme.ts's applyTheme, written out: this module is on every page's first path, that one is not.
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else if (theme) document.documentElement.dataset.theme = theme;
  const language = session.account?.language;
  if (language && language !== currentLanguage()) void i18n.changeLanguage(language);
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
