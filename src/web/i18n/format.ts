import { currentLanguage } from './i18n';
import { cachedFormatter, numberFormatter } from './intl-formatters';

/* Dates, times, numbers and relative times in the language the page is read in, through Intl. */

const cached = <T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  create: (language: string) => T,
) => cachedFormatter(currentLanguage(), key, create);

type DateInput = Date | string | number;
const asDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** "28 Nov 2026" / "28 nov 2026" / "٢٨ نوفمبر ٢٠٢٦". */
export const formatDate = (value: DateInput) =>
  cached('date', (language) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' })).format(asDate(value));

/** A date with its time of day. */
export const formatDateTime = (value: DateInput) =>
  cached(
    'dateTime',
    (language) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(asDate(value));

/** A time of day alone. */
export const formatTime = (value: DateInput) =>
  cached('time', (language) => new Intl.DateTimeFormat(language, { timeStyle: 'short' })).format(asDate(value));

/** Any other date format, by its Intl options (for example a chart's month labels, in UTC). */
export function formatDateWith(value: DateInput, options: Intl.DateTimeFormatOptions): string {
  return cached(`date ${JSON.stringify(options)}`, (language) => new Intl.DateTimeFormat(language, options)).format(
    asDate(value),
  );
}

/** A count or figure with the language's digits and grouping. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return numberFormatter(currentLanguage(), options).format(value);
}

/** "3 days ago" / "hace 3 días" / "قبل ٣ أيام". */
export function formatRelativeTime(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  return cached('relative', (language) => new Intl.RelativeTimeFormat(language, { numeric: 'always' })).format(
    value,
    unit,
  );
}
