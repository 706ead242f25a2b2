import './lib/strict-csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { queryClient } from './app/query-client';
import { sessionQueryOptions } from './lib/session';
import { publicSettingsQueryOptions } from './features/settings/api/get-public-settings';
import './styles.css';

// Every page starts from the session (route guards, layouts) and the site's name (titles);
// index.html preloads both, and asking here on every page takes those answers (never leaving
// one unused).
void queryClient.prefetchQuery(sessionQueryOptions());
void queryClient.prefetchQuery(publicSettingsQueryOptions());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
