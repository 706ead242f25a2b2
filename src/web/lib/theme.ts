import { useSyncExternalStore } from 'react';
import { THEME_COOKIE, THEME_COOKIE_MAX_AGE_SECONDS, type Theme } from '../../shared/theme';

/**
 * Shows a theme at once: an explicit one on `<html data-theme>`, the system's with none (the
 * stylesheet follows `prefers-color-scheme` then).
 */
export function applyTheme(theme: Theme): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

/**
 * Remembers a signed-out visitor's choice on this device, as the server does for an account, so
 * the next page is served in it.
 */
export function rememberThemeOnThisDevice(theme: Theme): void {
  document.cookie =
    theme === 'system'
      ? `${THEME_COOKIE}=; path=/; max-age=0; samesite=lax`
      : `${THEME_COOKIE}=${theme}; path=/; max-age=${THEME_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

/** The theme the page is showing now: for what CSS cannot colour, such as a chart's canvas. */
export type ColourScheme = 'light' | 'dark';

const darkQuery = () => window.matchMedia?.('(prefers-color-scheme: dark)');

function currentScheme(): ColourScheme {
  const chosen = document.documentElement.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return darkQuery()?.matches ? 'dark' : 'light';
}

function subscribe(listener: () => void) {
  const query = darkQuery();
  query?.addEventListener('change', listener);
  const observer = new MutationObserver(listener);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => {
    query?.removeEventListener('change', listener);
    observer.disconnect();
  };
}

export function useColourScheme(): ColourScheme {
  return useSyncExternalStore(subscribe, currentScheme, () => 'light');
}
