import { Spinner } from '../components/ui/spinner';
import { useSiteName } from '../features/settings/api/get-public-settings';

/**
 * What the first paint shows while the session is asked and the page's code arrives: a brand
 * bar as tall as the pages' own and the spec's "Loading...", so the app appears at once and the
 * page fills in beneath it. No links yet: nothing here can be used before the router is ready.
 * Landmarks and a heading as on every page, so a screen reader (or an accessibility check)
 * arriving this early finds a page, not loose text.
 */
export function AppShellFallback() {
  const siteName = useSiteName();
  return (
    <>
      <header className="border-b border-slate-200 bg-white px-4 py-2.5 text-lg leading-9 font-semibold text-indigo-800 sm:px-6">
        {siteName}
      </header>
      <main id="main">
        <h1 className="sr-only">{siteName}</h1>
        <Spinner />
      </main>
    </>
  );
}
