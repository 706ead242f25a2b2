import { currentLanguage, i18n } from '../../i18n/i18n';
import '../../i18n/namespaces/reviews';

/**
 * A review tag in the reader's language. Tags are data (an administrator may write their own, and
 * reviews keep the words they were given); the ones offered by default have translations in the
 * reviews catalog, keyed by their English, and any other tag shows as it was written.
 */
export function tagLabel(tag: string): string {
  const translated = i18n.getResource(currentLanguage(), 'reviews', `defaultTags.${tag}`);
  return typeof translated === 'string' && translated !== '' ? translated : tag;
}
