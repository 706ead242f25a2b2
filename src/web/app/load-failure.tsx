import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { buttonClasses } from '../components/ui/button-classes';
import { Spinner } from '../components/ui/spinner';
import { useSiteName } from '../features/settings/api/get-public-settings';
import { useCommonText } from '../i18n/namespaces/common';
import { checkSite, reloadForUpdate } from '../lib/app-updates';

/**
 * A route whose code or data could not be loaded: while the site cannot be reached, it says so
 * with a Retry; when a new release is live instead, the page reloads onto it once, by itself.
 * Inside a layout it takes the page's place and the header and navigation stay; at the top
 * (`standalone`), where no layout could load, it brings a bar with the site's name of its own.
 */
export function LoadFailure({ standalone }: { standalone: boolean }) {
  const siteName = useSiteName();
  const { t } = useCommonText();
  // Asked once per failure (a Retry asks again itself); on a new release the page reloads from here.
  const [failedAt] = useState(() => Date.now());
  const site = useQuery({
    queryKey: ['site-check', failedAt],
    queryFn: async () => {
      const state = await checkSite();
      return { state, reloading: state === 'updated' && reloadForUpdate() };
    },
    retry: false,
    staleTime: Infinity,
    // Offline is an answer here: TanStack Query would otherwise wait for the browser to be back online.
    networkMode: 'always',
  });
  const [retries, setRetries] = useState(0);
  const [retrying, setRetrying] = useState(false);
  const retry = useRef<HTMLButtonElement>(null);
  const state = site.data?.state;
  const showsMessage = site.data !== undefined && !site.data.reloading;
  // The reader's next step is Retry, on every failure and after every Retry that found no site.
  useEffect(() => {
    if (showsMessage) retry.current?.focus();
  }, [showsMessage, retries]);

  async function onRetry() {
    setRetrying(true);
    if ((await checkSite()) !== 'unreachable') {
      window.location.reload();
      return;
    }
    setRetrying(false);
    setRetries((count) => count + 1);
  }

  const unreachable = state === 'unreachable';
  const content = !showsMessage ? (
    <Spinner label={t('connection.checking')} />
  ) : (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-10 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">
        {unreachable ? t('connection.unreachable', { siteName }) : t('connection.notLoaded')}
      </h1>
      <p className="text-slate-700">
        {retries > 0
          ? t('connection.stillUnreachable')
          : unreachable
            ? t('connection.unreachableHelp')
            : t('connection.notLoadedHelp')}
      </p>
      <button
        ref={retry}
        type="button"
        className={buttonClasses('primary', 'mt-2')}
        disabled={retrying}
        onClick={() => void onRetry()}
      >
        {t('connection.retry')}
      </button>
    </div>
  );
  if (!standalone) return content;
  return (
    <>
      <header className="border-b border-slate-200 bg-white px-4 py-2.5 text-lg leading-9 font-semibold sm:px-6">
        <a href="/" className="text-indigo-800">
          {siteName}
        </a>
      </header>
      <main id="main" className="px-4">
        {content}
      </main>
    </>
  );
}
