import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { PASSWORD_CHANGE_REQUIRED_MESSAGE } from '../../shared/account';
import { apiPaths } from '../../shared/api-paths';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS, type Language } from '../../shared/languages';
import { THEME_COOKIE, THEME_COOKIE_MAX_AGE_SECONDS, type Theme } from '../../shared/theme';
import {
  DEVICE_TOKEN_LIFETIME_MS,
  type DeviceToken,
  issueDeviceToken,
  loadDeviceKey,
  readDeviceToken,
} from '../lib/device-tokens';
import { AppError } from '../lib/errors';
import { hashToken } from '../lib/tokens';
import { sessionOf } from '../read-models/sessions';
import {
  isLastActiveStale,
  sessionUserAt,
  touchSession,
  type NewSession,
  type SessionOrigin,
} from '../services/accounts/sessions';
import { isAdmin } from '../services/auth/viewer';

export const SESSION_COOKIE = 'tutorly_session';
/**
 * The name over HTTPS. Browsers keep a `__Host-` cookie only when it is Secure, has Path=/ and no
 * Domain, so a page on a sibling subdomain (which may set cookies for the whole parent domain)
 * cannot plant a session of its choosing here; the plain name is never read then.
 */
export const HOST_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** Which of the two names this site's session cookie has: fixed by PUBLIC_URL, never by the request. */
export function sessionCookieName(config: { secureCookies: boolean }): string {
  return config.secureCookies ? HOST_SESSION_COOKIE : SESSION_COOKIE;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs device cookies; see lib/device-tokens.ts. */
    deviceKey: Buffer;
  }
}

export const authPlugin = fp(async function auth(app: FastifyInstance) {
  await app.register(fastifyCookie);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sessionSecondFactor', null);
  app.decorate('deviceKey', await loadDeviceKey(app.config.dataDir));
});

/**
 * A browser that has signed in to an account before: the per-account ceiling on failed logins
 * does not hold it back, so guessers cannot lock the owner out. `__Host-` over HTTPS, as the
 * session cookie, so a sibling subdomain cannot plant one.
 */
export const DEVICE_COOKIE = 'tutorly_device';

function deviceCookieName(config: { secureCookies: boolean }): string {
  return config.secureCookies ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE;
}

/** The account this browser has signed in to before, if its device cookie is genuine and current. */
export function readDeviceCookie(request: FastifyRequest): DeviceToken | undefined {
  const { server } = request;
  return readDeviceToken(server.deviceKey, request.cookies[deviceCookieName(server.config)], server.clock());
}

/** After a successful login: a new device cookie for this account, under its current credential epoch, replacing any earlier one. */
export function setDeviceCookie(reply: FastifyReply, account: { id: string; credentialEpoch: number }): void {
  const { server } = reply;
  reply.setCookie(deviceCookieName(server.config), issueDeviceToken(server.deviceKey, account, server.clock()), {
    ...cookieOptions(reply),
    // Only ever read by the login request, which is the site's own.
    sameSite: 'strict',
    maxAge: DEVICE_TOKEN_LIFETIME_MS / 1000,
  });
}

/** onRequest hook for API scopes: resolves the cookie to a user; a dead cookie is cleared. */
export async function loadSessionUser(
  this: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const token = request.cookies[sessionCookieName(this.config)];
  if (!token) return;
  const tokenHash = hashToken(token);
  const now = this.clock();
  const session = await sessionOf(this.sessionCache, this.db, tokenHash, now);
  const user = sessionUserAt(session, now, this.config.sessionIdleTimeoutMs);
  if (user) {
    request.user = user;
    request.sessionToken = token;
    request.sessionSecondFactor = session!.secondFactor;
    if (isLastActiveStale(session!, now)) await touchSession(this.db, session!, tokenHash, now);
  } else {
    clearSessionCookie(reply);
  }
}

/** Secure whenever the site is public over HTTPS or this request came over HTTPS (directly or via a trusted proxy). */
function cookieOptions(reply: FastifyReply) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: reply.server.config.secureCookies || reply.request.protocol === 'https',
  };
}

/** Where a sign-in comes from, for the account's list of sessions. */
export function sessionOrigin(request: FastifyRequest): SessionOrigin {
  return { userAgent: request.headers['user-agent'], clientAddress: request.ip };
}

export function setSessionCookie(reply: FastifyReply, session: NewSession): void {
  reply.setCookie(sessionCookieName(reply.server.config), session.token, {
    ...cookieOptions(reply),
    expires: session.expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName(reply.server.config), cookieOptions(reply));
}

/**
 * The account's theme on this device, for the server to write into the first HTML of every page
 * (web-app.ts). Readable by the page, which writes it itself for a visitor who is signed out;
 * the system's preference needs no cookie.
 */
export function setThemeCookie(reply: FastifyReply, theme: Theme): void {
  const options = { ...cookieOptions(reply), httpOnly: false };
  if (theme === 'system') {
    if (reply.request.cookies[THEME_COOKIE] !== undefined) reply.clearCookie(THEME_COOKIE, options);
  } else reply.setCookie(THEME_COOKIE, theme, { ...options, maxAge: THEME_COOKIE_MAX_AGE_SECONDS });
}

/**
 * The language this device is served its pages in (web-app.ts writes it into `<html lang dir>`):
 * the account's, after signing in or choosing one. Readable by the page, which writes it itself
 * for a visitor who is signed out; an account without a language leaves the device's as it is.
 */
export function setLanguageCookie(reply: FastifyReply, language: Language | null): void {
  if (language === null || reply.request.cookies[LANGUAGE_COOKIE] === language) return;
  reply.setCookie(LANGUAGE_COOKIE, language, {
    ...cookieOptions(reply),
    httpOnly: false,
    maxAge: LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  });
}

/**
 * What a session may still reach while its account must choose a new password; the public
 * settings (the site name on the page that asks for it) are anyone's to read anyway.
 */
const REACHABLE_BEFORE_PASSWORD_CHANGE = new Set([
  `GET ${apiPaths.session}`,
  `GET ${apiPaths.publicSettings}`,
  `POST ${apiPaths.logout}`,
  `POST ${apiPaths.accountPassword}`,
]);

/**
 * onRequest hook for the API, after the session is loaded: an account signed in with a password
 * someone else handed over (the generated first admin, Add User's one-time password) reaches
 * nothing but the session answer, logout and the password change until it has chosen its own.
 * Decided on the matched route, so no spelling of a path gets around it.
 */
export async function requireChosenPassword(request: FastifyRequest): Promise<void> {
  if (!request.user?.passwordChangeRequired) return;
  if (REACHABLE_BEFORE_PASSWORD_CHANGE.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
  throw new AppError('password_change_required', PASSWORD_CHANGE_REQUIRED_MESSAGE);
}

export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw new AppError('unauthenticated', 'Please log in to continue.');
}

export async function requireVerifiedUser(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!request.user!.emailVerifiedAt)
    throw new AppError('email_not_verified', 'Please verify your email address first.');
}

export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!isAdmin(request.user!)) throw new AppError('forbidden', 'Only administrators can do this.');
}

/** The signed-in user, on routes whose guard has already made sure there is one. */
export function viewerOf(request: FastifyRequest): NonNullable<FastifyRequest['user']> {
  return request.user!;
}
