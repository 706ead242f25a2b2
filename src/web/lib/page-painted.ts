import { startTransition, useEffect, useState } from 'react';

/*
 * What a page shows beside its content but does not wait for (the navigation's unread count and
 * language select, a profile's AI summary and the reader's claims) is asked for once the first
 * page the browser opened has been drawn, not while it is being built: started during the
 * render, each request and the script or re-render its answer brings competed with the page's own
 * for the network and the main thread, and the page was painted later for it. Pages the app
 * navigates to afterwards ask at once.
 */

let painted = false;
const listeners = new Set<() => void>();

function markPainted() {
  if (painted) return;
  painted = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

/** How long to wait at most for the first page's paint to be reported. */
const PAINT_WAIT_MS = 1000;

/**
 * Called as the first page is committed, before the browser paints it (a layout effect). It
 * counts as drawn once the browser reports a largest paint after this moment (the page's
 * content taking the place of the loading shell), or after PAINT_WAIT_MS where it reports none.
 */
export function pageCommitted(): void {
  if (painted) return;
  const committedAt = performance.now();
  const fallback = setTimeout(markPainted, PAINT_WAIT_MS);
  if (typeof PerformanceObserver === 'undefined') return;
  if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return;
  const observer = new PerformanceObserver((entries) => {
    if (!entries.getEntries().some((entry) => entry.startTime >= committedAt)) return;
    observer.disconnect();
    clearTimeout(fallback);
    markPainted();
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
}

/** Runs `task` once the first page has been drawn (at once after that). */
export function afterPagePainted(task: () => void): void {
  if (painted) task();
  else listeners.add(task);
}

/**
 * Whether the first page has been drawn. The components that wait for it render again when it
 * has, as a transition: in pieces that leave the browser free between them.
 */
export function usePagePainted(): boolean {
  const [pagePainted, setPagePainted] = useState(painted);
  useEffect(() => {
    if (pagePainted) return;
    const show = () => startTransition(() => setPagePainted(true));
    if (painted) show();
    else listeners.add(show);
    return () => void listeners.delete(show);
  }, [pagePainted]);
  return pagePainted;
}
