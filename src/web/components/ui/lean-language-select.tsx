import { isLanguage, DEFAULT_LANGUAGE, type Language } from '../../../shared/languages';
import arabic from '../../i18n/locales/ar/languages.json';
import english from '../../i18n/locales/en/languages.json';
import spanish from '../../i18n/locales/es/languages.json';
import { rememberLanguageOnThisDevice } from '../../lib/language-cookie';
import { LanguageSelect } from './language-select';

const labels: Record<Language, string> = {
  en: english.menu.label,
  es: spanish.menu.label,
  ar: arabic.menu.label,
};

/**
 * The language for a visitor on the landing page, whose lean bundle carries no translation
 * library (its route budget): the choice goes in the lang cookie and the page comes again from
 * the server, written in it from its first byte. Its label is the `languages` catalog's, read
 * directly in the page's language (`<html lang>`).
 */
export function LeanLanguageSelect({ compact, className }: { compact?: boolean; className?: string }) {
  const lang = document.documentElement.lang;
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  return (
    <LanguageSelect
      label={labels[language]}
      compact={compact}
      className={className}
      value={language}
      onChange={(next) => {
        rememberLanguageOnThisDevice(next);
        window.location.reload();
      }}
    />
  );
}
