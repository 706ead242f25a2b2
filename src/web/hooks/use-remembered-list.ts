import { useEffect, useSyncExternalStore } from 'react';

/**
 * A list page's search, filters, sort and page (its query string), remembered for the tab, so
 * a "Back to tutors" link on a page opened from the list returns to the same results even
 * after a reload or a few pages in between.
 */
const storageKey = (listPath: string) => `tutorly:list:${listPath}`;

function read(listPath: string): string {
  try {
    return sessionStorage.getItem(storageKey(listPath)) ?? '';
  } catch {
    // Storage refused (a privacy mode): the link leads to the list as it starts.
    return '';
  }
}

/** Called by the list page: remembers its current query string. */
export function useRememberListSearch(listPath: string, search: string): void {
  useEffect(() => {
    try {
      if (search) sessionStorage.setItem(storageKey(listPath), search);
      else sessionStorage.removeItem(storageKey(listPath));
    } catch {
      // Nothing to remember it in; the link falls back to the list as it starts.
    }
  }, [listPath, search]);
}

const noSubscription = () => () => {};

/** The list's address with the search it was last shown with, e.g. `/user/tutors?q=ada&page=2`. */
export function useRememberedListPath(listPath: string): string {
  const search = useSyncExternalStore(
    noSubscription,
    () => read(listPath),
    () => '',
  );
  return search ? `${listPath}?${search.replace(/^\?/, '')}` : listPath;
}
