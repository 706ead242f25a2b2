import type { Language } from '../../shared/languages';
import { currentLanguage, i18n } from '../i18n/i18n';

export { rememberLanguageOnThisDevice } from './language-cookie';

/**
 * Shows the page in a language at once, without a reload: its catalogs are fetched if need be,
 * then every text changes and `<html lang dir>` follows (i18n.ts).
 */
export function showLanguage(language: Language): Promise<unknown> {
  return language === currentLanguage() ? Promise.resolve() : i18n.changeLanguage(language);
}
