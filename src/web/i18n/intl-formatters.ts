/*
 * Intl formatters are costly to create (the first of a page also loads the browser's locale
 * data): one per language and set of options, made when first needed and kept. Shared by the
 * app's own formatting (format.ts) and the catalogs' `{{count, number}}`, so a page makes each
 * formatter once whichever asks first.
 */

type Formatter = Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat;

const formatters = new Map<string, Formatter>();

export function cachedFormatter<T extends Formatter>(
  language: string,
  key: string,
  create: (language: string) => T,
): T {
  const fullKey = `${language} ${key}`;
  let formatter = formatters.get(fullKey) as T | undefined;
  if (!formatter) {
    formatter = create(language);
    formatters.set(fullKey, formatter);
  }
  return formatter;
}

export const numberFormatter = (language: string, options: Intl.NumberFormatOptions = {}) =>
  cachedFormatter(language, `number ${JSON.stringify(options)}`, () => new Intl.NumberFormat(language, options));

/** The Intl.NumberFormat options a catalog's number format may set. */
const NUMBER_FORMAT_OPTIONS = [
  'style',
  'unit',
  'unitDisplay',
  'currency',
  'currencyDisplay',
  'notation',
  'compactDisplay',
  'signDisplay',
  'useGrouping',
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
] as const;

/** Intl's options alone, out of everything else that comes with them. */
export function numberFormatOptions(options: Record<string, unknown>): Intl.NumberFormatOptions {
  const chosen: Record<string, unknown> = {};
  for (const name of NUMBER_FORMAT_OPTIONS) if (options[name] !== undefined) chosen[name] = options[name];
  return chosen as Intl.NumberFormatOptions;
}
