import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CAMPUS_CONFIRMED_PARAM,
  CAMPUS_ERROR_PARAM,
  campusSignInStartQuerySchema,
} from '../../../shared/campus-sign-in';
import type { UserRow } from '../../db/schema';
import { CampusSignInError } from '../../lib/campus-provider';
import { isAdmin } from '../../services/auth/viewer';
import {
  accountForCampusProfile,
  CAMPUS_ATTEMPT_LIFETIME_MS,
  confirmOwnerThroughCampus,
  startCampusAttempt,
  takeCampusAttempt,
} from '../../services/accounts/campus-sign-in';
import { createSession } from '../../services/accounts/sessions';
import { campusSignInUsedSeveralFactors } from '../../services/accounts/second-factor/campus';
import { getSettings } from '../../services/settings';
import { secondFactorAtSignIn } from '../../services/accounts/second-factor/state';
import { deviceLanguage } from '../../lib/request-language';
import {
  sessionOrigin,
  setDeviceCookie,
  setLanguageCookie,
  setSessionCookie,
  setThemeCookie,
} from '../../plugins/auth';
import type { App } from '../../types';
import { errorResponses } from './responses';

/** Holds the secret that finds the browser's attempt on the server; `__Host-` over HTTPS, as the session cookie. */
const ATTEMPT_COOKIE = 'tutorly_campus_attempt';

const redirectResponse = z.null().describe('A redirect: to the provider, or back to a page of this site');

/** What the provider sends back; openid-client reads the whole address, these are listed for the API document. */
const callbackQuerySchema = z
  .object({
    code: z.string().optional(),
    state: z.string().optional(),
    iss: z.string().optional(),
    error: z.string().optional(),
    error_description: z.string().optional(),
  })
  .loose();

/**
 * Campus single sign-on through the university's OpenID Provider (lib/campus-provider.ts). Both
 * routes are page navigations and answer with redirects; a failure lands on a page with
 * `?campusError=<reason>` and is logged with its reason, never with a code, a token or state.
 */
export async function campusSignInRoutes(app: App): Promise<void> {
  const attemptCookie = app.config.secureCookies ? `__Host-${ATTEMPT_COOKIE}` : ATTEMPT_COOKIE;

  function homeOf(user: UserRow): string {
    return isAdmin(user) ? '/admin' : '/user';
  }

  function withParam(path: string, name: string, value: string): string {
    const url = new URL(path, app.config.publicUrl);
    url.searchParams.set(name, value);
    return `${url.pathname}${url.search}${url.hash}`;
  }

  function failed(request: FastifyRequest, reply: FastifyReply, err: CampusSignInError, page: string) {
    request.log.warn({ reason: err.reason, detail: err.detail }, 'campus sign-in did not complete');
    return reply.redirect(withParam(page, CAMPUS_ERROR_PARAM, err.reason), 303);
  }

  app.get(
    '/start',
    {
      schema: {
        tags: ['auth'],
        summary: "Leave for the university's sign-in (OpenID Connect authorization-code flow with PKCE)",
        description:
          'A page navigation. `intent=confirm` asks the signed-in owner to sign in at the university again, which stands in for the password for 10 minutes. 404 when campus sign-in is not configured; a provider that cannot be reached sends the browser back with `campusError=unavailable`, and more unfinished starts from one client address than `RATE_LIMIT_CAMPUS_START_PER_IP` allows with `campusError=too_many`.',
        querystring: campusSignInStartQuerySchema,
        response: { 303: redirectResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const provider = app.campusProvider;
      if (!provider) return reply.callNotFound();
      const { intent, returnTo } = request.query;
      const viewer = request.user;
      if (intent === 'confirm' && !viewer) return reply.redirect('/login', 303);
      const back = intent === 'confirm' ? (returnTo ?? homeOf(viewer!)) : '/login';
      // Each start stores an attempt: a client that only ever starts is stopped here.
      if (!(await app.rateLimits.tryConsume('campusStartPerIp', request.ip)))
        return failed(request, reply, new CampusSignInError('too_many', 'too many unfinished starts'), back);
      try {
        const { browserSecret, checks } = await startCampusAttempt(
          app.db,
          { intent, userId: intent === 'confirm' ? viewer!.id : null, returnTo: returnTo ?? '' },
          app.clock(),
        );
        const destination = await provider.authorizationUrl(checks, { signInAgain: intent === 'confirm' });
        reply.setCookie(attemptCookie, browserSecret, {
          path: '/',
          httpOnly: true,
          // Sent on the provider's top-level redirect back, never on a cross-site request of another kind.
          sameSite: 'lax',
          secure: app.config.secureCookies || request.protocol === 'https',
          maxAge: CAMPUS_ATTEMPT_LIFETIME_MS / 1000,
        });
        return reply.redirect(destination.href, 303);
      } catch (err) {
        if (err instanceof CampusSignInError) return failed(request, reply, err, back);
        throw err;
      }
    },
  );

  app.get(
    '/callback',
    {
      schema: {
        tags: ['auth'],
        summary: "Where the university's provider sends the browser back; signs in and lands on the account's home",
        description:
          'Register `<PUBLIC_URL>/api/auth/oidc/callback` as the redirect URI at the provider. The answer must come to the browser that started the sign-in, within 10 minutes, once. An identity seen before signs in to its account; a new one is linked to the account with its address only when the provider says the address is verified, or gets a new verified student account.',
        querystring: callbackQuerySchema,
        response: { 303: redirectResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const provider = app.campusProvider;
      if (!provider) return reply.callNotFound();
      const browserSecret = request.cookies[attemptCookie];
      reply.clearCookie(attemptCookie, { path: '/' });
      let page = '/login';
      try {
        const attempt = await takeCampusAttempt(app.db, browserSecret, app.clock());
        // The provider's answer is read against this site's own address, never the Host header.
        const callbackUrl = new URL(request.url, app.config.publicUrl);
        if (attempt.intent === 'confirm') {
          const viewer = request.user;
          page = attempt.returnTo || (viewer ? homeOf(viewer) : '/login');
          if (!viewer || !request.sessionToken || viewer.id !== attempt.userId)
            throw new CampusSignInError('expired', 'the confirmation came back to another session');
          const profile = await provider.finish(callbackUrl, attempt);
          await confirmOwnerThroughCampus(app.db, viewer, request.sessionToken, profile, app.clock());
          await app.rateLimits.giveBackOne('campusStartPerIp', request.ip);
          return reply.redirect(withParam(page, CAMPUS_CONFIRMED_PARAM, '1'), 303);
        }
        const profile = await provider.finish(callbackUrl, attempt);
        const user = await accountForCampusProfile(
          app.db,
          profile,
          app.settingDefaults,
          app.clock(),
          deviceLanguage(request),
        );
        const { campusSecondFactorTrusted } = await getSettings(app.db, app.settingDefaults);
        const session = await createSession(app.db, user.id, app.clock(), {
          ...sessionOrigin(request),
          signedInWith: 'campus',
          secondFactor: await secondFactorAtSignIn(app.db, user, {
            campusMultiFactor: campusSecondFactorTrusted && campusSignInUsedSeveralFactors(profile),
          }),
        });
        setSessionCookie(reply, session);
        setDeviceCookie(reply, user.id);
        setThemeCookie(reply, user.theme);
        setLanguageCookie(reply, user.language);
        request.log.info({ userId: user.id }, 'signed in through the university');
        await app.rateLimits.giveBackOne('campusStartPerIp', request.ip);
        return reply.redirect(attempt.returnTo || homeOf(user), 303);
      } catch (err) {
        if (err instanceof CampusSignInError) return failed(request, reply, err, page);
        throw err;
      }
    },
  );
}
