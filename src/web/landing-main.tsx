import { StrictMode, Suspense, use } from 'react';
import { createRoot } from 'react-dom/client';
import type { Account } from '../shared/account';
import { DEFAULT_SITE_NAME } from '../shared/site-name';
import { i18nReady } from './i18n/i18n';
import { fetchSession } from './lib/fetch-session';
import { LandingPage, type LinkComponent } from './features/landing/components/landing-page';
import { fetchPublicSettings } from './features/settings/api/fetch-public-settings';
import './styles.css';

/*
 * The landing page's own entry: React and the page, without the router, TanStack Query and the
 * toasts the rest of the app loads. Its links are plain anchors; following one loads the app.
 */

// Both questions leave as this module runs, side by side; a failed answer reads as logged out
// and the default site name, as in the app.
const accountRequest: Promise<Account | null> = fetchSession().then(
  (session) => session.account,
  () => null,
);
const siteNameRequest: Promise<string> = fetchPublicSettings().then(
  (settings) => settings.siteName,
  () => DEFAULT_SITE_NAME,
);

const PlainLink: LinkComponent = ({ to, children, ...props }) => (
  <a href={to} {...props}>
    {children}
  </a>
);

function Landing() {
  return <LandingPage siteName={use(siteNameRequest)} account={use(accountRequest)} Link={PlainLink} />;
}

// In a language other than English, once its catalogs have arrived, so the page opens in it.
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Suspense>
        <Landing />
      </Suspense>
    </StrictMode>,
  ),
);
