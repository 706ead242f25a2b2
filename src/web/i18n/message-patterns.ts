/*
 * How a message from the server or a shared schema is matched against the `errors` catalog,
 * whose keys are the English messages themselves: the translator (message-translator.ts) and the
 * test that every such message is in the catalog (test/tools/server-messages.test.ts) share it.
 */

/** The space after a sentence's end, where a message joined from several sentences is cut. */
const SENTENCE_BREAK = /(?<=[.!?])\s+/;

/** A message's sentences, in order: "Name is required. Email is required." gives two. */
export const sentencesOf = (message: string): string[] => message.split(SENTENCE_BREAK);

/** A catalog key with a variable part: "Title must be at most {{max}} characters." */
export interface MessagePattern {
  key: string;
  /** Matches a whole message, one group per placeholder. */
  regex: RegExp;
  /** The placeholders' names, in the groups' order. */
  names: string[];
}

const PLACEHOLDER = /\{\{\s*([^},\s]+)[^}]*\}\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The key as a pattern when it has placeholders (each `{{name}}` stands for any text), else undefined. */
export function messagePattern(key: string): MessagePattern | undefined {
  const names: string[] = [];
  let source = '';
  let rest = 0;
  for (const match of key.matchAll(PLACEHOLDER)) {
    source += `${escapeRegExp(key.slice(rest, match.index))}(.*?)`;
    names.push(match[1]!);
    rest = match.index + match[0].length;
  }
  if (names.length === 0) return undefined;
  return { key, names, regex: new RegExp(`^${source}${escapeRegExp(key.slice(rest))}$`, 's') };
}

/**
 * The catalog's keys with placeholders as patterns, the most specific first (the most words
 * outside placeholders), so "“{{tag}}”: {{message}}" is tried after anything more precise.
 */
export function messagePatterns(keys: Iterable<string>): MessagePattern[] {
  const fixedLength = (pattern: MessagePattern) => pattern.key.replace(PLACEHOLDER, '').length;
  return [...keys]
    .map(messagePattern)
    .filter((pattern) => pattern !== undefined)
    .sort((a, b) => fixedLength(b) - fixedLength(a));
}
