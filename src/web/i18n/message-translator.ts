import { DEFAULT_LANGUAGE } from '../../shared/languages';
import { currentLanguage, i18n } from './i18n';
import { type MessagePattern, messagePatterns, sentencesOf } from './message-patterns';

// The errors catalog is keyed by the English message itself, so an English page shows a message
// as it came and carries no errors catalog; Spanish and Arabic arrive with the page's others.

/** Each language's catalog keys with placeholders, made once its catalog has arrived. */
const patternsByLanguage = new Map<string, MessagePattern[]>();

function catalogPatterns(): MessagePattern[] {
  const language = currentLanguage();
  let patterns = patternsByLanguage.get(language);
  if (!patterns && i18n.hasResourceBundle(language, 'errors')) {
    patterns = messagePatterns(Object.keys(i18n.getResourceBundle(language, 'errors') as Record<string, unknown>));
    patternsByLanguage.set(language, patterns);
  }
  return patterns ?? [];
}

/** The catalog's text for a key in the reader's language, when its catalog has arrived. */
function catalogText(key: string): string | undefined {
  const text = i18n.getResource(currentLanguage(), 'errors', key, { keySeparator: false });
  return typeof text === 'string' && text !== '' ? text : undefined;
}

/**
 * One sentence in the reader's language: the catalog's text for it, or for a key with
 * placeholders it matches ("Title must be at most {{max}} characters."), the variable parts put
 * in as they came (a part that is itself a known message, translated too). Undefined when unknown.
 */
function translateSentence(sentence: string): string | undefined {
  const exact = catalogText(sentence);
  if (exact !== undefined) return exact;
  for (const { key, regex, names } of catalogPatterns()) {
    const match = regex.exec(sentence);
    const text = match ? catalogText(key) : undefined;
    if (!match || text === undefined) continue;
    const values = Object.fromEntries(
      names.map((name, index) => {
        const value = match[index + 1] ?? '';
        return [name, (value && translateSentence(value)) || value];
      }),
    );
    return i18n.services.interpolator.interpolate(text, values, currentLanguage(), {});
  }
  return undefined;
}

/**
 * A message written in English by the server or a shared schema ("This email is already
 * registered."), in the reader's language when the `errors` catalog knows it, else as it came
 * (and in English always as it came). The catalog is keyed by the English message itself, so '.'
 * and ':' inside it split nothing. A message the server joined from several sentences ("Name is
 * required. Email is required.") that the catalog does not know whole is read sentence by
 * sentence; a sentence it does not know stays in English.
 */
export function translateMessage(message: string): string {
  if (currentLanguage() === DEFAULT_LANGUAGE) return message;
  return (
    catalogText(message) ??
    sentencesOf(message)
      .map((sentence) => translateSentence(sentence) ?? sentence)
      .join(' ')
  );
}
