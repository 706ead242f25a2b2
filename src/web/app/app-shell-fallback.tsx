import { Spinner } from '../components/ui/spinner';
import { useSiteName } from '../features/settings/api/get-public-settings';

/**
 * What the first paint shows while the session is asked and the page's code arrives: a brand
 * bar as tall as the pages' own and the spec's "Loading...", so the app appears at once and the
 * page fills in beneath it. No links yet: nothing here can be used before the router is ready.
 */
export function AppShellFallback() {
  return (
    <>
      <div className="border-b border-slate-200 bg-white px-4 py-2.5 text-lg leading-9 font-semibold text-indigo-800 sm:px-6">
        {useSiteName()}
      </div>
      <Spinner />
    </>
  );
}
