import './lib/strict-csp';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { queryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { i18nReady } from './i18n/i18n';
import { dropFirstAnswers } from './lib/first-answers';
import { afterPagePainted } from './lib/page-painted';
import { sessionQueryOptions } from './lib/session';
import { publicSettingsQueryOptions } from './features/settings/api/get-public-settings';
import './styles.css';

// Every page starts from the session (route guards, layouts) and the site's name (titles);
// index.html preloads both, and asking here on every page takes those answers (never leaving
// one unused).
void queryClient.prefetchQuery(sessionQueryOptions());
void queryClient.prefetchQuery(publicSettingsQueryOptions());
// The answers the page carried serve its first render alone, never a later page.
afterPagePainted(dropFirstAnswers);

// The router, which starts the first navigation, in a task of its own after the modules'
// evaluation: each is a shorter block of the main thread than the two together. In a language
// other than English, once its catalogs have arrived (i18nReady), so the page opens in it.
void i18nReady.then(() => setTimeout(renderApp, 0));

function renderApp() {
  const router = createAppRouter();
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree: the page answers input while it builds.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
}
