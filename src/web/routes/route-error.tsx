import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useCommonText } from '../i18n/namespaces/common';

/** The router's fallback when a route throws: the spec's heading with the status or message beneath. */
export function RouteError() {
  const { t } = useCommonText();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : String(error ?? t('sitePage.unknownError'));
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-2xl font-semibold text-red-800">{t('routeError.title')}</h1>
      <p className="font-mono text-slate-800">{detail}</p>
      <a href="/" className="mt-2 font-semibold text-indigo-700 underline-offset-2 hover:underline">
        {t('routeError.backHome')}
      </a>
    </main>
  );
}
