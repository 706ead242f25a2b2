import { ApiRequestError } from './api-client';

/*
 * A page's code comes in pieces, each route's when it is first opened. Asking for a piece can fail
 * two ways that are no bug of the page: the site cannot be reached (the connection is down, or no
 * instance answers behind the load balancer), or a new release is live and no longer has the
 * pieces of the one this page was loaded from. The first is said with a Retry; the second reloads
 * the page once, by itself, and says the site was updated.
 */

/** Addresses in an error's message (a module's or a request's). */
const ADDRESS = /\s*(?:\b[a-z][a-z0-9+.-]*:\/\/|\/assets\/)[^\s'"]*/gi;

/** An error's message as a reader may see it: without the addresses it names. */
export function withoutAddresses(message: string): string {
  return message
    .replace(ADDRESS, '')
    .replace(/\s*:\s*$/, '')
    .trim();
}

/** What the browsers say when a module (a route's piece of code) or its stylesheet cannot be loaded. */
const MODULE_LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|module script failed/i;

/** A route's code or its first data could not be loaded, as opposed to a page that crashed. */
export function isLoadFailure(error: unknown): boolean {
  if (error instanceof ApiRequestError) return answeredByNoInstance(error);
  return error instanceof Error && MODULE_LOAD_FAILURE.test(error.message);
}

/**
 * No answer at all, or an error page from something in front of the site (a load balancer with
 * no instance to send to): the server itself answers every error with its JSON error body.
 */
function answeredByNoInstance(error: ApiRequestError): boolean {
  return error.code === 'network_error' || (error.code === 'http_error' && error.status >= 500);
}

/** The release this page was loaded from: its entry script's URL, which every build names anew. */
export function pageBuild(from: ParentNode = document): string | null {
  return from.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src') ?? null;
}

export type SiteState = 'unreachable' | 'updated' | 'same-release';

/** Asks the site for its app page, uncached: is it there, and is it still this page's release? */
export async function checkSite(): Promise<SiteState> {
  try {
    const response = await fetch('/index.html', { cache: 'no-store', credentials: 'same-origin' });
    if (response.status >= 500) return 'unreachable';
    if (!response.ok) return 'same-release';
    const html = await response.text();
    const live = pageBuild(new DOMParser().parseFromString(html, 'text/html'));
    return live !== null && live !== pageBuild() ? 'updated' : 'same-release';
  } catch {
    return 'unreachable';
  }
}

/** Where a reload for a new release is remembered, for this tab only. */
const RELOAD_KEY = 'tutorly:reloaded-for-update';
/** A second reload for a new release within this time is not made: the first did not help. */
const RELOAD_GUARD_MS = 60_000;

interface UpdateReload {
  /** The release the page was on when it reloaded. */
  from: string | null;
  at: number;
  announced?: boolean;
}

function readReload(): UpdateReload | null {
  try {
    const stored = sessionStorage.getItem(RELOAD_KEY);
    return stored ? (JSON.parse(stored) as UpdateReload) : null;
  } catch {
    return null;
  }
}

function writeReload(reload: UpdateReload): boolean {
  try {
    sessionStorage.setItem(RELOAD_KEY, JSON.stringify(reload));
    return true;
  } catch {
    return false;
  }
}

/**
 * Reloads the page onto the release that is live, unless it did so less than a minute ago (a
 * release that lacks its own pieces, or a load balancer still serving both, would otherwise
 * reload it forever). Answers whether it reloads. Without session storage there is no guard, so
 * no reload either.
 */
export function reloadForUpdate(now = Date.now()): boolean {
  const last = readReload();
  if (last && now - last.at < RELOAD_GUARD_MS) return false;
  if (!writeReload({ from: pageBuild(), at: now })) return false;
  window.location.reload();
  return true;
}

/**
 * Once, after a reload for an update that brought this page a new release: true, and not again.
 * (A reload that landed on the same release again was not an update.)
 */
export function takeUpdateAnnouncement(): boolean {
  const last = readReload();
  if (!last || last.announced || last.from === pageBuild()) return false;
  writeReload({ ...last, announced: true });
  return true;
}
