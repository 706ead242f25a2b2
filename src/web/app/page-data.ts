import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { unreadCountQueryOptions } from '../features/notifications/api/get-unread-count';
import { hasFirstAnswer } from '../lib/first-answers';
import { afterPagePainted } from '../lib/page-painted';
import { sessionQueryOptions } from '../lib/session';
import { queryClient } from './query-client';

/**
 * How long a page's loader waits for its data. Within it the page appears with its data, in
 * React Router's transition; past it the page shows its own loading state as before.
 */
const PAGE_DATA_WAIT_MS = 400;

/**
 * An answer the page shows but does not wait for, asked for in a task of its own, and on the
 * first page the browser opens only once that page has been drawn (lib/page-painted.ts). Asked
 * for by the page as it mounts, each such answer started in the task that runs the page's
 * effects, and the first request of a page that the server did not announce costs the browser
 * tens of milliseconds of main thread on a slow CPU: together they made that task one of the
 * page's longest.
 */
export function prefetchSoon<TData, TKey extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): void {
  afterPagePainted(() => setTimeout(() => void client.prefetchQuery(options), 0));
}

/**
 * What a page shows beside its first data, at once when the page the browser opened carries its
 * answer at `url` (taking it costs no request, and the page's first render shows it, so nothing
 * moves when it comes), else soon (prefetchSoon). The returned promise settles once it is in the
 * cache; undefined when it is asked for soon.
 */
export function prefetchCarriedOrSoon<TData, TKey extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
  url: string,
): Promise<void> | undefined {
  if (hasFirstAnswer(url)) return client.prefetchQuery(options);
  prefetchSoon(client, options);
  return undefined;
}

/**
 * A signed-in page's first data, asked for by its route's loader beside the page's modules.
 * Rendered as it arrives, the page is built in one transition that React splits to let the
 * browser breathe; asked for by the page itself, the answer lands in a synchronous re-render of
 * the whole page on top of its skeleton. Nothing is asked before the session says someone is
 * signed in (the guard sends everyone else away), and a failed answer is the page's to show.
 * The navigation's unread count (every signed-in page shows it) is asked for soon after.
 */
export async function prefetchSignedInPageData(ask: (client: QueryClient) => Promise<void>[]): Promise<null> {
  const { account } = await queryClient.ensureQueryData(sessionQueryOptions());
  if (!account || account.passwordChangeRequired) return null;
  const asked = ask(queryClient);
  // As the navigation asks: only once the email is verified.
  if (account.emailVerified) prefetchSoon(queryClient, unreadCountQueryOptions());
  await Promise.race([Promise.all(asked), new Promise((resolve) => setTimeout(resolve, PAGE_DATA_WAIT_MS))]);
  return null;
}
