import { useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { pageCommitted } from '../lib/page-painted';

/**
 * Around every page: a page opened anew starts at its top, and Back or Forward returns to
 * where the reader was on the page they come back to. Its first commit is the first page's,
 * which what the page does not wait for waits to see drawn (lib/page-painted.ts).
 */
export function RootLayout() {
  useLayoutEffect(pageCommitted, []);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
