import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LoadFailure } from '../app/load-failure';
import { useCommonText } from '../i18n/namespaces/common';
import { isLoadFailure, withoutAddresses } from '../lib/app-updates';

/**
 * The router's fallback when a route fails. A route whose code or data could not be loaded is no
 * crash: it says the site cannot be reached, or reloads onto a new release. Anything else is the
 * spec's heading with the status or message beneath. Inside a layout (`inShell`) the header and
 * navigation stay; at the top it is the whole page.
 */
export function RouteError({ inShell = false }: { inShell?: boolean }) {
  const { t } = useCommonText();
  const error = useRouteError();
  if (isLoadFailure(error)) return <LoadFailure standalone={!inShell} />;
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? withoutAddresses(error.message)
      : String(error ?? t('sitePage.unknownError'));
  const content = (
    <>
      <h1 className="text-2xl font-semibold text-red-800">{t('routeError.title')}</h1>
      <p className="font-mono text-slate-800">{detail}</p>
      <a href="/" className="mt-2 font-semibold text-indigo-700 underline-offset-2 hover:underline">
        {t('routeError.backHome')}
      </a>
    </>
  );
  if (inShell) return <div className="flex flex-col items-center gap-3 py-10 text-center">{content}</div>;
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-3 px-4 text-center">
      {content}
    </main>
  );
}
