import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { numberFormatOptions, numberFormatter } from './intl-formatters';
import { DEFAULT_LANGUAGE, isLanguage, languageDirection, languages, type Language } from '../../shared/languages';

/*
 * The web app's texts come from message catalogs, one per language and namespace
 * (locales/<language>/<namespace>.json). English travels with the code that shows it: each
 * namespace's module (namespaces/) registers its English catalog when first imported, so a page
 * carries the English texts it shows, as it carried its literals before. Every other language
 * is fetched on demand, a namespace at a time, and never weighs on a page read in English.
 */

type Catalog = Record<string, unknown>;

const otherLanguages = import.meta.glob<Catalog>(['./locales/*/*.json', '!./locales/en/*.json'], {
  import: 'default',
});

/** The language the server wrote into the page (`<html lang>`), from the account, the cookie or the browser. */
export function pageLanguage(): Language {
  const lang = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Every namespace: a language's catalogs are fetched together, once, when the page opens in it. */
export const namespaces = [
  'common',
  'errors',
  'auth',
  'landing',
  'account',
  'notifications',
  'tutors',
  'reviews',
  'admin',
  'users',
  'settings',
  'audit-log',
  'statistics',
  'languages',
  'second-factor',
] as const;

/**
 * Settles once the page's language is ready: at once in English; for another language, once its
 * catalogs have arrived, so the first render is already in it (until then, nothing is shown in
 * English only to change).
 */
export const i18nReady: Promise<unknown> = i18n
  .use(initReactI18next)
  .use(
    resourcesToBackend((language: string, namespace: string) => {
      const load = otherLanguages[`./locales/${language}/${namespace}.json`];
      // English is bundled (addEnglishCatalog): nothing to fetch for it.
      return load ? load() : Promise.resolve({});
    }),
  )
  .init({
    lng: pageLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...languages],
    // English comes bundled with each namespace's module; the backend serves the other languages.
    partialBundledLanguages: true,
    ns: [...namespaces],
    defaultNS: 'common',
    // React escapes what it renders; escaping here too would show entities.
    interpolation: { escapeValue: false },
    // A text whose catalog has not arrived shows in English and changes when it does, rather
    // than suspending the page.
    react: { useSuspense: false },
  });

// The catalogs' `{{count, number}}` and `{{count, number(style: unit; unit: minute)}}` with the
// app's kept formatters: i18next's own makes a new Intl.NumberFormat for every count it has not
// formatted before. i18next hands the format's options over mixed with the call's (count, ns,
// ...): only Intl's are kept, so the formatter is one per set of them.
i18n.services.formatter?.add(
  'number',
  (value: number, language: string | undefined, options: Record<string, unknown> = {}) =>
    numberFormatter(language ?? pageLanguage(), numberFormatOptions(options)).format(value),
);

/** The page follows the language it is read in: `<html lang dir>` as the server would write them. */
i18n.on('languageChanged', (language) => {
  if (typeof document === 'undefined' || !isLanguage(language)) return;
  document.documentElement.lang = language;
  document.documentElement.dir = languageDirection(language);
});

/** Registers a namespace's English catalog, bundled with the code that imports it. */
export function addEnglishCatalog(namespace: string, catalog: Catalog): void {
  i18n.addResourceBundle(DEFAULT_LANGUAGE, namespace, catalog, true, true);
}

/** The language texts are shown in now (one of `languages`). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export { i18n };
