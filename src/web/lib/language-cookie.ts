import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, type Language } from '../../shared/languages';

/**
 * Remembers a signed-out visitor's choice on this device, as the server does for an account, so
 * the next page is served in it (`<html lang dir>` from its first byte). Without the translation
 * library, so the landing page's lean bundle can use it.
 */
export function rememberLanguageOnThisDevice(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}
