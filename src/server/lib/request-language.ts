import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from '../../shared/languages';

/** Longer headers are not a browser's: only the start is read. */
const ACCEPT_LANGUAGE_MAX_LENGTH = 1000;

/**
 * The best language of ours for an `Accept-Language` header: the highest quality value wins,
 * the browser's order breaks ties, a region or script subtag counts as its language (es-MX is
 * Spanish), `*` means any (English), and q=0 refuses one. Null when the header names none of ours.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  let best: { language: Language; quality: number } | null = null;
  for (const range of header.slice(0, ACCEPT_LANGUAGE_MAX_LENGTH).split(',')) {
    const [tag = '', ...parameters] = range.trim().split(';');
    const quality = qualityOf(parameters);
    if (quality <= 0) continue;
    const primary = tag.trim().toLowerCase().split('-')[0];
    const language = primary === '*' ? DEFAULT_LANGUAGE : primary;
    if (!isLanguage(language)) continue;
    if (!best || quality > best.quality) best = { language, quality };
  }
  return best?.language ?? null;
}

function qualityOf(parameters: string[]): number {
  for (const parameter of parameters) {
    const match = /^\s*q\s*=\s*(.*?)\s*$/i.exec(parameter);
    // A malformed weight (q=abc) counts as a refusal rather than as the best choice.
    if (match) return /^[01](?:\.[0-9]{0,3})?$/.test(match[1]!) ? Math.min(Number(match[1]), 1) : 0;
  }
  return 1;
}

/** The language this device chose (the lang cookie), when it is one of ours. */
export function cookieLanguage(request: FastifyRequest): Language | null {
  const cookie = request.cookies[LANGUAGE_COOKIE];
  return isLanguage(cookie) ? cookie : null;
}

/**
 * The language of the browser making the request, account aside: the device's choice (the lang
 * cookie), else what the browser asks for, else English.
 */
export function deviceLanguage(request: FastifyRequest): Language {
  return cookieLanguage(request) ?? languageFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}

/**
 * The language a request is answered in: the signed-in account's setting, else the device's
 * (cookie, then `Accept-Language`), else English.
 */
export function requestLanguage(request: FastifyRequest): Language {
  return request.user?.language ?? deviceLanguage(request);
}

/**
 * The language of a mail: its recipient's account's, else the language of the request that
 * caused it (the sign-up page, the administrator who invited them).
 */
export function mailLanguage(recipient: { language: Language | null } | null, request: FastifyRequest): Language {
  return recipient?.language ?? requestLanguage(request);
}
