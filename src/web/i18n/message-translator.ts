import { currentLanguage, i18n } from './i18n';
import './namespaces/errors';

/**
 * A message written in English by the server or a shared schema ("This email is already
 * registered."), in the reader's language when the `errors` catalog knows it, else as it came.
 * The catalog is keyed by the English message itself, so '.' and ':' inside it split nothing.
 */
export function translateMessage(message: string): string {
  const translated = i18n.getResource(currentLanguage(), 'errors', message, { keySeparator: false });
  return typeof translated === 'string' && translated !== '' ? translated : message;
}
