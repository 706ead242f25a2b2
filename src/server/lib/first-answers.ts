import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FIRST_ANSWERS_ELEMENT_ID } from '../../shared/first-answers';

/*
 * A signed-in page's first API answers, written into the page itself: the browser has them with
 * the HTML instead of asking for each once the page's scripts have started (or as a preload beside
 * them). Each is a request fewer before the first paint, a round trip on a phone's connection.
 */

/** What the page's own request passes on to the answers it carries: who asks, from where, in what language. */
const FORWARDED_HEADERS = [
  'cookie',
  'user-agent',
  'accept-language',
  'host',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
] as const;

export interface FirstAnswers {
  /** Each answered URL's JSON body, by the URL the page's queries ask for. */
  bodies: Record<string, unknown>;
  /** Cookies the answers set (the session answer keeps the theme and lang cookies up to date). */
  setCookies: string[];
}

/**
 * Asks the API for `urls` as the page's own request would (its cookies, language and address,
 * through every hook and guard an API request passes) and keeps the 200 answers. Anything else
 * (a session that has ended, a tutor that does not exist) is left for the page to ask for, so it
 * meets the error as it would have.
 */
export async function firstAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  urls: string[],
): Promise<FirstAnswers> {
  const headers: Record<string, string | string[]> = { accept: 'application/json' };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  // An answer that could not be had at all is left to the page too, as one that was not a 200.
  const answers = await Promise.allSettled(
    urls.map((url) =>
      app.inject({ method: 'GET', url, headers, remoteAddress: request.socket.remoteAddress ?? request.ip }),
    ),
  );
  const result: FirstAnswers = { bodies: {}, setCookies: [] };
  answers.forEach((settled, index) => {
    if (settled.status === 'rejected') return;
    const answer = settled.value;
    if (answer.statusCode !== 200 || !String(answer.headers['content-type']).startsWith('application/json')) return;
    result.bodies[urls[index]!] = answer.json();
    const setCookie = answer.headers['set-cookie'];
    if (setCookie) result.setCookies.push(...(Array.isArray(setCookie) ? setCookie : [setCookie]));
  });
  return result;
}

/**
 * JSON that is safe inside a `<script>` element: `<` written as `\u003c`, so no text in it (a
 * tutor's name, a review) can end the element; U+2028 and U+2029 escaped for older parsers.
 */
function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The page with `bodies` in a data element before `</head>` (`type="application/json"` is never
 * run, so the CSP has nothing to allow), and without the page's own preload links for the URLs
 * it now carries.
 */
export function withFirstAnswers(html: string, bodies: Record<string, unknown>): string {
  const carried = new Set(Object.keys(bodies));
  return html
    .replace(/\s*<link\s+rel="preload"\s+href="([^"]+)"\s+as="fetch"\s+crossorigin\s*\/?>/gi, (link, href: string) =>
      carried.has(href) ? '' : link,
    )
    .replace(
      /<\/head>/i,
      `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${jsonForScriptElement(bodies)}</script></head>`,
    );
}
