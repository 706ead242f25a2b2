/**
 * The reader's theme: the system's preference (the default), or light or dark whatever the system
 * says. Plain constants, without zod, so the landing page can offer the choice without it.
 */
export const themes = ['system', 'light', 'dark'] as const;
export type Theme = (typeof themes)[number];
export const DEFAULT_THEME: Theme = 'system';

export const themeLabels: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/**
 * The cookie that carries an explicit choice ('light' or 'dark') to the server, which writes it
 * into the first HTML (`<html data-theme>`), so the page never shows in the other theme first.
 * No cookie: the system's preference, which the stylesheet follows alone.
 */
export const THEME_COOKIE = 'theme';
/** A year: the choice outlives sessions, on this device. */
export const THEME_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (themes as readonly string[]).includes(value);
}

/** The `data-theme` a page is served with for a cookie's value: only an explicit choice has one. */
export function themeAttribute(cookie: string | undefined): 'light' | 'dark' | null {
  return cookie === 'light' || cookie === 'dark' ? cookie : null;
}
