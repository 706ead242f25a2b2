import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, type Language } from '../../shared/languages';
import { currentLanguage, i18n } from '../i18n/i18n';

/**
 * Shows the page in a language at once, without a reload: its catalogs are fetched if need be,
 * then every text changes and `<html lang dir>` follows (i18n.ts).
 */
export function showLanguage(language: Language): Promise<unknown> {
  return language === currentLanguage() ? Promise.resolve() : i18n.changeLanguage(language);
}

/**
 * Remembers a signed-out visitor's choice on this device, as the server does for an account, so
 * the next page is served in it (`<html lang dir>` from its first byte).
 */
export function rememberLanguageOnThisDevice(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}
