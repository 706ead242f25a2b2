import { FIRST_ANSWERS_ELEMENT_ID } from '../../shared/first-answers';

/*
 * The API answers the server wrote into a signed-in page (src/server/lib/first-answers.ts), by
 * URL: the first page's session, settings and route data, there with the HTML instead of a
 * request each once the scripts have started. Each is taken once; those the first page has not
 * asked for by the time it is drawn are dropped (main.tsx), so nothing later is answered from them.
 */
const answers = readAnswers();

function readAnswers(): Map<string, unknown> {
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_ANSWERS_ELEMENT_ID);
  if (!element?.textContent) return new Map();
  element.remove();
  try {
    return new Map(Object.entries(JSON.parse(element.textContent) as Record<string, unknown>));
  } catch {
    return new Map();
  }
}

/** Whether the page carries an answer for a GET of `url` that is still to be taken. */
export const hasFirstAnswer = (url: string): boolean => answers.has(url);

/** The page's own answer for a GET of `url`, once; undefined when it carries none (then ask the API). */
export function takeFirstAnswer(url: string): { body: unknown } | undefined {
  if (!answers.has(url)) return undefined;
  const body = answers.get(url);
  answers.delete(url);
  return { body };
}

/** Forgets the answers the page carried that are still unused. */
export function dropFirstAnswers(): void {
  answers.clear();
}
