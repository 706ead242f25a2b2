import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CAMPUS_CONFIRMED_PARAM,
  CAMPUS_ERROR_PARAM,
  campusSignInStartQuerySchema,
  linkUniversityRequestSchema,
} from '../../../shared/campus-sign-in';
import type { UserRow } from '../../db/schema';
import { CampusSignInError } from '../../lib/campus-provider';
import { AppError } from '../../lib/errors';
import { isAdmin } from '../../services/auth/viewer';
import {
  accountForCampusProfile,
  CAMPUS_ATTEMPT_LIFETIME_MS,
  confirmOwnerThroughCampus,
  linkPendingIdentity,
  PENDING_LINK_LIFETIME_MS,
  startCampusAttempt,
  takeCampusAttempt,
} from '../../services/accounts/campus-sign-in';
import { issueVerificationSecret, verificationLink } from '../../services/accounts/email-verification';
import { getSettings } from '../../services/settings';
import { verificationMail } from '../../mail/templates';
import { hashToken } from '../../lib/tokens';
import type { CountedRequest } from '../../services/rate-limits';
import { createSession } from '../../services/accounts/sessions';
import { campusSignInUsedSeveralFactors } from '../../services/accounts/second-factor/campus';
import { secondFactorAtSignIn } from '../../services/accounts/second-factor/state';
import { deviceLanguage, mailLanguage } from '../../lib/request-language';
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
/** Holds the secret of an identity waiting for an administrator's password (campus_pending_links). */
const PENDING_LINK_COOKIE = 'tutorly_campus_link';
/** The page that asks the administrator for their password, to link the waiting identity. */
const LINK_PAGE = '/link-university';

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
  const pendingLinkCookie = app.config.secureCookies ? `__Host-${PENDING_LINK_COOKIE}` : PENDING_LINK_COOKIE;

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
          "Register `<PUBLIC_URL>/api/auth/oidc/callback` as the redirect URI at the provider. The answer must come to the browser that started the sign-in, within 10 minutes, once. An identity seen before signs in to its account. A new one is linked to the account with its address only when the provider says the address is verified (`email_verified: true`) or the setting 'this provider's addresses are authoritative' is on; an administrator's account is linked only after its password is given once (the browser is sent to /link-university). Otherwise a new student account is created, verified by mail when the provider did not vouch for the address.",
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
          await confirmOwnerThroughCampus(
            app.db,
            viewer,
            request.sessionToken,
            profile,
            app.clock(),
            attempt.credentialEpoch,
          );
          await app.rateLimits.giveBackOne('campusStartPerIp', request.ip);
          return reply.redirect(withParam(page, CAMPUS_CONFIRMED_PARAM, '1'), 303);
        }
        const profile = await provider.finish(callbackUrl, attempt);
        const outcome = await accountForCampusProfile(
          app.db,
          profile,
          app.settingDefaults,
          app.clock(),
          deviceLanguage(request),
        );
        await app.rateLimits.giveBackOne('campusStartPerIp', request.ip);
        if (outcome.kind === 'admin-password-needed') {
          reply.setCookie(pendingLinkCookie, outcome.browserSecret, {
            path: '/',
            httpOnly: true,
            sameSite: 'strict',
            secure: app.config.secureCookies || request.protocol === 'https',
            maxAge: PENDING_LINK_LIFETIME_MS / 1000,
          });
          return reply.redirect(LINK_PAGE, 303);
        }
        const { user, verifyByMail } = outcome;
        if (verifyByMail)
          app.backgroundTasks.afterResponse(request, 'verification mail', async () => {
            const secret = await issueVerificationSecret(app.db, user.id, app.clock());
            const { siteName } = await getSettings(app.db, app.settingDefaults);
            const link = verificationLink(app.config.publicUrl, user.id, secret);
            await app.mailer.send(
              verificationMail({ to: user.email, siteName, link, language: mailLanguage(user, request) }),
            );
          });
        const { campusSecondFactorTrusted } = await getSettings(app.db, app.settingDefaults);
        const session = await createSession(app.db, user.id, app.clock(), {
          ...sessionOrigin(request),
          signedInWith: 'campus',
          secondFactor: await secondFactorAtSignIn(app.db, user, {
            campusMultiFactor: campusSecondFactorTrusted && campusSignInUsedSeveralFactors(profile),
          }),
        });
        setSessionCookie(reply, session);
        setDeviceCookie(reply, user);
        setThemeCookie(reply, user.theme);
        setLanguageCookie(reply, user.language);
        request.log.info({ userId: user.id }, 'signed in through the university');
        return reply.redirect(attempt.returnTo || homeOf(user), 303);
      } catch (err) {
        if (err instanceof CampusSignInError) return failed(request, reply, err, page);
        throw err;
      }
    },
  );

  app.post(
    '/link',
    {
      schema: {
        tags: ['auth'],
        summary:
          'An administrator gives their password once to link the university sign-in that came back to this browser',
        description:
          "After a campus sign-in found an administrator's address, the identity waits 10 minutes for the account's password in this browser (cookie). Wrong passwords count like failed logins. The account's sessions end (the credential epoch moves); sign in again, now with the university or the password. Does not sign in.",
        body: linkUniversityRequestSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const secret = request.cookies[pendingLinkCookie];
      const counted: CountedRequest[] = [
        await app.rateLimits.consume('loginPerIp', request.ip),
        await app.rateLimits.consume('loginPerAccount', `campus link ${hashToken(secret ?? '')}`),
      ];
      try {
        await linkPendingIdentity(app.db, secret, request.body.password, app.clock());
      } catch (err) {
        if (err instanceof CampusSignInError) {
          await Promise.all(counted.map((c) => app.rateLimits.giveBack(c)));
          throw new AppError('account_disabled', 'This account has been disabled. Please contact the administrator.');
        }
        throw err;
      }
      await Promise.all(counted.map((c) => app.rateLimits.giveBack(c)));
      reply.clearCookie(pendingLinkCookie, { path: '/' });
      return reply.status(204).send(null);
    },
  );
}
