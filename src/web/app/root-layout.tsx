import { Outlet, ScrollRestoration } from 'react-router';

/**
 * Around every page: a page opened anew starts at its top, and Back or Forward returns to
 * where the reader was on the page they come back to.
 */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
