import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

const UNSTORABLE_TEXT_MESSAGE =
  'Text cannot contain NUL characters (U+0000) or incomplete Unicode characters (unpaired surrogates).';

/** A UTF-16 surrogate without its partner: no Unicode character, and nothing UTF-8 can encode. */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text PostgreSQL cannot store: NUL fails in text and jsonb, an unpaired surrogate (a JSON
 * body may carry "\ud800") fails in jsonb and would be silently replaced in text.
 */
function isUnstorableText(text: string): boolean {
  return text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);
}

/**
 * Whether any string in the value, key or element, is unstorable text. Walked without
 * recursion: a JSON body nests as deep as its size allows.
 */
function containsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (isUnstorableText(current)) return true;
    } else if (Array.isArray(current)) {
      for (const element of current) pending.push(element);
    } else if (current !== null && typeof current === 'object') {
      for (const [key, entry] of Object.entries(current)) {
        if (isUnstorableText(key)) return true;
        pending.push(entry);
      }
    }
  }
  return false;
}

/** preValidation hook: such text in the body, query or path is refused before any work is done, instead of failing in the database. */
export async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  if (
    containsUnstorableText(request.body) ||
    containsUnstorableText(request.query) ||
    containsUnstorableText(request.params)
  ) {
    throw new AppError('validation_error', UNSTORABLE_TEXT_MESSAGE);
  }
}
