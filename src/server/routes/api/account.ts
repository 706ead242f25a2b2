import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accountSchema, changePasswordSchema, updateProfileSchema } from '../../../shared/account';
import {
  accountSessionListSchema,
  changeEmailResponseSchema,
  changeEmailSchema,
  deleteAccountSchema,
  sessionPathParamsSchema,
} from '../../../shared/account-lifecycle';
import { AppError } from '../../lib/errors';
import { mailLanguage } from '../../lib/request-language';
import { removeInitialAdminFile } from '../../lib/initial-admin-file';
import { accountDeletedMail, emailChangeMail, emailChangeNoticeMail, emailChangeTakenMail } from '../../mail/templates';
import { accountDataSchema } from '../../../shared/account-data';
import { exportAccountData } from '../../services/accounts/account-data';
import { deleteOwnAccount } from '../../services/accounts/account-deletion';
import { clearSessionCookie, requireUser, setLanguageCookie, setThemeCookie, viewerOf } from '../../plugins/auth';
import {
  identityPathParamsSchema,
  linkedIdentityListSchema,
  signInMethodsSchema,
  unlinkIdentitySchema,
} from '../../../shared/campus-sign-in';
import { signOutEverywhereElse } from '../../services/accounts/credential-epoch';
import { cancelEmailChangeLink, emailChangeLink, requestEmailChange } from '../../services/accounts/email-change';
import { listLinkedIdentities, unlinkOwnIdentity } from '../../services/accounts/linked-identities';
import { assertOwner, signInMethodsOf } from '../../services/accounts/campus-sign-in';
import { toAccount } from '../../services/accounts/users';
import { changePassword, updateProfile } from '../../services/accounts/profile';
import { listSessions, revokeSessionById } from '../../services/accounts/sessions';
import type { CountedRequest } from '../../services/rate-limits';
import { getSettings } from '../../services/settings';
import type { App } from '../../types';
import { errorResponses } from './responses';

const accountResponseSchema = z.object({ account: accountSchema });

/** The signed-in user's own account: profile details, password, email and sessions. An unverified address is no obstacle here. */
export async function accountRoutes(app: App): Promise<void> {
  app.addHook('onRequest', requireUser);

  /**
   * Runs a check of the current password as a login is counted: a wrong one counts against the
   * account's login ceiling, so a stolen session cannot be used to guess the password.
   */
  async function throttledPasswordCheck<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
    const counted: CountedRequest = await app.rateLimits.consume(
      'loginPerAccount',
      `password check ${viewerOf(request).id}`,
    );
    try {
      const result = await work();
      await app.rateLimits.giveBack(counted);
      return result;
    } catch (err) {
      const wrongPassword = err instanceof AppError && err.fields?.[0]?.path === 'currentPassword';
      if (!wrongPassword) await app.rateLimits.giveBack(counted);
      throw err;
    }
  }

  app.patch(
    '',
    {
      schema: {
        tags: ['account'],
        summary: 'Change your name, phone number (null or empty clears it), theme or language',
        description:
          'A theme (system, light or dark) also sets the theme cookie this browser is served its pages with (system clears it). A language (en, es or ar) is the one pages and mails are written in for the account, and sets the lang cookie the same way. The email address is not changed here, for anyone (a body naming it is refused): see POST /api/account/email.',
        body: updateProfileSchema,
        response: { 200: accountResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const updated = await updateProfile(app.db, viewerOf(request), request.body, app.clock());
      if (request.body.theme !== undefined) setThemeCookie(reply, updated.theme);
      if (request.body.language !== undefined) setLanguageCookie(reply, updated.language);
      return { account: toAccount(updated) };
    },
  );

  app.post(
    '/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Change your password with the current one; every other session ends, this one stays',
        description:
          'Wrong current passwords count against the login limit of the account. The new password follows the sign-up rules: at least 8 characters, not among the most common passwords, not your email or name, and hard enough to guess (zxcvbn score 2, 3 for administrators). The credential epoch moves: every link mailed before (a pending change of address, a reset, an invitation) stops working.',
        body: changePasswordSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = viewerOf(request);
      await throttledPasswordCheck(request, () =>
        changePassword(app.db, user, request.sessionToken, request.body, app.clock()),
      );
      // The generated first admin's password is spent: the file that holds it goes too.
      if (user.passwordChangeRequired) await removeInitialAdminFile(app.config.dataDir, user.email);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/email',
    {
      schema: {
        tags: ['account'],
        summary: 'Change your email: a link goes to the new address, a notice to the current one',
        description:
          'Students and administrators alike. Needs the current password (counted like a login) or a campus sign-in of this session within the last 10 minutes. Always 202: the new address gets the link (valid 24 hours), or, when it already has an account, a mail saying so, so the answer tells nothing about which addresses have accounts. The current address gets a notice with "Cancel this change" (valid 24 hours, no sign-in needed). A new request replaces the previous link; a password change or reset kills it.',
        body: changeEmailSchema,
        response: { 202: changeEmailResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = viewerOf(request);
      const { newEmail, token, cancelToken } = await throttledPasswordCheck(request, async () => {
        await assertOwner(
          app.db,
          user,
          { currentPassword: request.body.currentPassword, sessionToken: request.sessionToken! },
          app.clock(),
        );
        return requestEmailChange(app.db, user, request.body.newEmail, app.clock());
      });
      const { siteName } = await getSettings(app.db, app.settingDefaults);
      const language = mailLanguage(user, request);
      try {
        await app.mailer.send(
          token
            ? emailChangeMail({ to: newEmail, siteName, link: emailChangeLink(app.config.publicUrl, token), language })
            : emailChangeTakenMail({ to: newEmail, siteName, language }),
        );
      } catch (err) {
        app.log.error({ err, userId: user.id }, 'email change mail could not be sent');
        throw new AppError(
          'service_unavailable',
          'We could not send the confirmation email right now. Please try again in a few minutes.',
        );
      }
      app.backgroundTasks.afterResponse(request, 'email change notice', async () => {
        const cancelLink = cancelEmailChangeLink(app.config.publicUrl, cancelToken);
        await app.mailer.send(emailChangeNoticeMail({ to: user.email, siteName, newEmail, cancelLink, language }));
      });
      return reply.status(202).send({ pendingEmail: newEmail });
    },
  );

  app.get(
    '/sign-in-methods',
    {
      schema: {
        tags: ['account'],
        summary: 'How you can prove you own this account: your password, your university, or both',
        description:
          'campusConfirmedUntil: until when a campus sign-in of this session stands in for the password (deleting the account, changing its email).',
        response: { 200: signInMethodsSchema, ...errorResponses },
      },
    },
    async (request) => signInMethodsOf(app.db, viewerOf(request), request.sessionToken!, app.clock()),
  );

  app.get(
    '/identities',
    {
      schema: {
        tags: ['account'],
        summary: 'The university sign-ins linked to your account',
        response: { 200: linkedIdentityListSchema, ...errorResponses },
      },
    },
    async (request) => ({ identities: await listLinkedIdentities(app.db, viewerOf(request).id) }),
  );

  app.delete(
    '/identities/:identityId',
    {
      schema: {
        tags: ['account'],
        summary: 'Unlink a university sign-in from your account',
        description:
          'Needs the current password (counted like a login) or a campus sign-in of this session within the last 10 minutes. Never the last way in: an account without a password keeps its only university sign-in (409). Every other session ends and every link mailed before stops working (the credential epoch moves).',
        params: identityPathParamsSchema,
        body: unlinkIdentitySchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = viewerOf(request);
      await throttledPasswordCheck(request, () =>
        unlinkOwnIdentity(
          app.db,
          user,
          request.params.identityId,
          { currentPassword: request.body.currentPassword, sessionToken: request.sessionToken! },
          app.clock(),
        ),
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/sessions',
    {
      schema: {
        tags: ['account'],
        summary: 'Your signed-in browsers: browser, system, client address, signed in, last active',
        response: { 200: accountSessionListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const list = await listSessions(
        app.db,
        viewerOf(request).id,
        request.sessionToken,
        app.clock(),
        app.config.sessionIdleTimeoutMs,
      );
      return {
        sessions: list.map((session) => ({
          ...session,
          signedInAt: session.signedInAt.toISOString(),
          lastActiveAt: session.lastActiveAt.toISOString(),
        })),
      };
    },
  );

  app.delete(
    '/sessions/:sessionId',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out one of your other sessions',
        params: sessionPathParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await revokeSessionById(app.db, viewerOf(request).id, request.params.sessionId, request.sessionToken);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/sessions/sign-out-others',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign out everywhere else: every other session ends and every link mailed before stops working',
        description: 'Moves the credential epoch; this session stays signed in.',
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await signOutEverywhereElse(app.db, viewerOf(request).id, request.sessionToken);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/data',
    {
      schema: {
        tags: ['account'],
        summary: 'Download my data: everything Tutorly holds about your account, as a JSON file',
        response: { 200: accountDataSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const data = await exportAccountData(app.db, viewerOf(request).id, app.clock());
      const day = data.exportedAt.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="tutorly-account-${day}.json"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  );

  app.delete(
    '',
    {
      schema: {
        tags: ['account'],
        summary: 'Delete my account, with the current password and the email typed out',
        description:
          "Removes the account, its sessions and its reviews (tutors' ratings corrected in the same transaction); tutors it submitted stay. Recorded in the audit log; a confirmation is mailed. The last active administrator cannot delete their account.",
        body: deleteAccountSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = viewerOf(request);
      await throttledPasswordCheck(request, () =>
        deleteOwnAccount(app.db, user, request.body, request.sessionToken!, app.clock()),
      );
      clearSessionCookie(reply);
      app.backgroundTasks.afterResponse(request, 'account deleted mail', async () => {
        const { siteName } = await getSettings(app.db, app.settingDefaults);
        await app.mailer.send(accountDeletedMail({ to: user.email, siteName, language: mailLanguage(user, request) }));
      });
      return reply.status(204).send(null);
    },
  );
}
