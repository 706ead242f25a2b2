import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '../lib/session';
import { queryClient } from './query-client';

/**
 * How long a page's loader waits for its data. Within it the page appears with its data, in
 * React Router's transition; past it the page shows its own loading state as before.
 */
const PAGE_DATA_WAIT_MS = 400;

/**
 * A signed-in page's first data, asked for by its route's loader beside the page's modules.
 * Rendered as it arrives, the page is built in one transition that React splits to let the
 * browser breathe; asked for by the page itself, the answer lands in a synchronous re-render of
 * the whole page on top of its skeleton. Nothing is asked before the session says someone is
 * signed in (the guard sends everyone else away), and a failed answer is the page's to show.
 */
export async function prefetchSignedInPageData(ask: (client: QueryClient) => Promise<void>[]): Promise<null> {
  const { account } = await queryClient.ensureQueryData(sessionQueryOptions());
  if (!account || account.passwordChangeRequired) return null;
  await Promise.race([Promise.all(ask(queryClient)), new Promise((resolve) => setTimeout(resolve, PAGE_DATA_WAIT_MS))]);
  return null;
}
