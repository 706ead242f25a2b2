/**
 * The languages the site speaks: English (the spec's own texts, and the fallback for any text
 * a catalog lacks), Spanish and Arabic (written right to left). Plain constants, without zod, so
 * the landing page can offer the choice without it.
 */
export const languages = ['en', 'es', 'ar'] as const;
export type Language = (typeof languages)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language by its own name, as a reader looking for theirs would recognise it. */
export const languageNames: Record<Language, string> = { en: 'English', es: 'Español', ar: 'العربية' };

const rightToLeft: ReadonlySet<Language> = new Set(['ar']);

export function languageDirection(language: Language): 'ltr' | 'rtl' {
  return rightToLeft.has(language) ? 'rtl' : 'ltr';
}

/**
 * The cookie that carries the reader's language to the server, which writes it into the first
 * HTML (`<html lang dir>`) so the page is laid out in its direction from the first paint. The
 * account's setting, when signed in, is written into it; without it, `Accept-Language` decides.
 */
export const LANGUAGE_COOKIE = 'lang';
/** A year: the choice outlives sessions, on this device. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
