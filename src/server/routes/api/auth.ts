import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  acceptInvitationSchema,
  loginRequestSchema,
  loginResponseSchema,
  type LoginRequest,
  resendVerificationResponseSchema,
  signupRequestSchema,
  signupResponseSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '../../../shared/account';
import {
  cancelEmailChangeResponseSchema,
  cancelEmailChangeSchema,
  confirmEmailChangeResponseSchema,
  confirmEmailChangeSchema,
  passwordResetRequestSchema,
  passwordResetResponseSchema,
  resetPasswordSchema,
} from '../../../shared/account-lifecycle';
import { passwordSignInOffMessage } from '../../../shared/campus-sign-in';
import type { UserRow } from '../../db/schema';
import { isAdmin } from '../../services/auth/viewer';
import { AppError } from '../../lib/errors';
import { passwordChangedMail, passwordResetMail, signupAttemptMail, verificationMail } from '../../mail/templates';
import { clientAddressGroup } from '../../lib/client-address';
import { deviceLanguage, mailLanguage } from '../../lib/request-language';
import {
  clearSessionCookie,
  sessionOrigin,
  readDeviceCookie,
  requireUser,
  setDeviceCookie,
  setSessionCookie,
  setLanguageCookie,
  setThemeCookie,
} from '../../plugins/auth';
import { authenticate } from '../../services/accounts/login';
import { signUpStudent } from '../../services/accounts/sign-up';
import { findUserByEmail, toAccount } from '../../services/accounts/users';
import { isIssuedUnderCurrentEpoch } from '../../services/accounts/credential-epoch';
import { confirmEmail, issueVerificationSecret, verificationLink } from '../../services/accounts/email-verification';
import type { CountedRequest } from '../../services/rate-limits';
import { createSession, revokeSession } from '../../services/accounts/sessions';
import { secondFactorAtSignIn, stepOf } from '../../services/accounts/second-factor/state';
import { assertSignupAllowed, getSettings } from '../../services/settings';
import { acceptInvitation } from '../../services/accounts/invitations';
import { adoptLanguage } from '../../services/accounts/profile';
import { cancelEmailChange, confirmEmailChange } from '../../services/accounts/email-change';
import { linkedIdentityNames } from '../../services/accounts/linked-identities';
import { passwordResetLink, requestPasswordReset, resetPassword } from '../../services/accounts/password-reset';
import type { App } from '../../types';
import { errorResponses } from './responses';

/** Failed logins of one client on one account that come without a wait; then the waits double from a second. */
const FREE_LOGIN_FAILURES = 3;

export async function authRoutes(app: App): Promise<void> {
  const giveBack = (...counted: CountedRequest[]) => Promise.all(counted.map((c) => app.rateLimits.giveBack(c)));

  /** Refuses a student's password sign-in or sign-up while an administrator has made campus sign-in the only way. */
  async function assertPasswordSignInAllowed(): Promise<void> {
    const { passwordSignIn } = await getSettings(app.db, app.settingDefaults);
    if (!passwordSignIn && app.config.campusSignIn)
      throw new AppError('forbidden', passwordSignInOffMessage(app.config.campusSignIn.buttonLabel));
  }

  /** Sends a fresh verification link; without SMTP the link also goes to the log so a fresh install works. */
  async function sendVerificationMail(request: FastifyRequest, user: UserRow): Promise<void> {
    const now = app.clock();
    const secret = await issueVerificationSecret(app.db, user.id, now);
    const link = verificationLink(app.config.publicUrl, user.id, secret);
    const { siteName } = await getSettings(app.db, app.settingDefaults);
    let outboxFile: string | undefined;
    try {
      ({ outboxFile } = await app.mailer.send(
        verificationMail({ to: user.email, siteName, link, language: mailLanguage(user, request) }),
      ));
    } catch (err) {
      app.log.error({ err, userId: user.id }, 'verification mail could not be sent');
      throw new AppError(
        'service_unavailable',
        'We could not send the verification email right now. Please try again in a few minutes.',
      );
    }
    if (app.mailer.kind === 'outbox') {
      app.log.info({ outboxFile }, `No SMTP configured: verification link for ${user.email}: ${link}`);
    }
  }

  /** Tells the owner of an address that someone tried to sign up with it; nobody else learns the address is taken. */
  async function sendSignupAttemptMail(request: FastifyRequest, user: UserRow): Promise<void> {
    // Anyone may sign up with any address: without a cap, a script could fill one inbox with notices.
    if (!(await app.rateLimits.tryConsume('signupNoticesPerAddress', user.email))) {
      app.log.info({ userId: user.id }, 'sign-up attempt notice not sent: this address had enough of them for now');
      return;
    }
    const { siteName } = await getSettings(app.db, app.settingDefaults);
    const loginLink = new URL('/login', app.config.publicUrl).toString();
    const forgotPasswordLink = new URL('/forgot-password', app.config.publicUrl).toString();
    try {
      await app.mailer.send(
        signupAttemptMail({
          to: user.email,
          siteName,
          loginLink,
          forgotPasswordLink,
          language: mailLanguage(user, request),
        }),
      );
    } catch (err) {
      app.log.error({ err, userId: user.id }, 'sign-up attempt notice could not be sent');
    }
  }

  /**
   * Counts a login attempt against the limits that apply to it, refusing it (429) past one.
   * A browser with the account's device cookie, issued under its current credential epoch, has a ceiling of its own and no other: neither
   * guessers of the account nor others behind its address keep the owner out. Any other
   * browser waits longer after each failure on the account from its address, and stops at the
   * account's ceiling and its address's (RATE_LIMIT_LOGIN_PER_ACCOUNT and _PER_IP), until their
   * period ends. Spacing comes first, so a client hammering through its waits uses up nothing
   * the account's owner needs.
   */
  async function countLoginAttempt(request: FastifyRequest, { email }: LoginRequest): Promise<CountedRequest[]> {
    const device = readDeviceCookie(request);
    const owner = device && (await findUserByEmail(app.db, email));
    // A browser known from before the way into the account last changed is a stranger again.
    if (device && owner && owner.id === device.userId && isIssuedUnderCurrentEpoch(owner, device.credentialEpoch)) {
      return [await app.rateLimits.consume('loginPerAccount', `device ${device.nonce}`)];
    }
    const counted = [
      await app.rateLimits.consumeSpaced('loginPerAccount', `${email} ${clientAddressGroup(request.ip)}`, {
        free: FREE_LOGIN_FAILURES,
        firstWaitMs: 1000,
      }),
    ];
    counted.push(await app.rateLimits.consume('loginPerAccount', email));
    counted.push(await app.rateLimits.consume('loginPerIp', request.ip));
    return counted;
  }

  app.post(
    '/signup',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create a student account and send the verification mail',
        description:
          'Answers the same whether or not the address already has an account; its owner then gets a notice by mail instead of a verification link.',
        body: signupRequestSchema,
        response: { 201: signupResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await assertPasswordSignInAllowed();
      await app.rateLimits.consume('signupPerIp', request.ip);
      // Before looking the address up, so a refused address learns nothing about taken ones.
      await assertSignupAllowed(app.db, request.body.email, app.settingDefaults);
      // The account keeps the language the sign-up page was in (the same one, cookie or browser,
      // the next pages are served in, so no cookie is needed: the answer sets none).
      const { created } = await signUpStudent(app.db, request.body, app.clock(), deviceLanguage(request));
      const { email } = request.body;
      // Mail goes after the answer, so a taken address and a new one are answered after the same
      // work. A mail that cannot be sent fails no request: a new student asks for another link
      // after logging in.
      app.backgroundTasks.afterResponse(request, 'sign-up mail', async () => {
        if (created) return sendVerificationMail(request, created).catch(() => undefined);
        const owner = await findUserByEmail(app.db, email);
        if (owner) await sendSignupAttemptMail(request, owner);
      });
      return reply.status(201).send({ email });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start a session; sets the HttpOnly session cookie',
        description:
          'Also sets a device cookie: failed logins from a browser that has signed in to the account before are limited on their own, not by the account’s ceiling. Past a limit: 429 with Retry-After.',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const counted = await countLoginAttempt(request, request.body);
      let user: UserRow;
      try {
        user = await authenticate(app.db, request.body);
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'invalid_credentials')) await giveBack(...counted);
        throw err;
      }
      // Only failed attempts count: a lecture hall behind one address logs in freely, a password guesser does not.
      await giveBack(...counted);
      // Told only to whoever knows the password, as a disabled account is.
      if (!isAdmin(user)) await assertPasswordSignInAllowed();
      const secondFactor = await secondFactorAtSignIn(app.db, user);
      const session = await createSession(app.db, user.id, app.clock(), { ...sessionOrigin(request), secondFactor });
      setSessionCookie(reply, session);
      setDeviceCookie(reply, user);
      setThemeCookie(reply, user.theme);
      setLanguageCookie(reply, user.language);
      return { account: toAccount(user), secondFactorStep: stepOf(secondFactor) };
    },
  );

  app.post(
    '/invitation',
    {
      schema: {
        tags: ['auth'],
        summary: "Accept an administrator's invitation: choose a password and start a session",
        body: acceptInvitationSchema,
        response: { 200: loginResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await adoptLanguage(
        app.db,
        await acceptInvitation(app.db, request.body, app.clock()),
        deviceLanguage(request),
        app.clock(),
      );
      // A new account has no second factor: none is asked unless it must set one up.
      const secondFactor = await secondFactorAtSignIn(app.db, user);
      const session = await createSession(app.db, user.id, app.clock(), { ...sessionOrigin(request), secondFactor });
      setSessionCookie(reply, session);
      setThemeCookie(reply, user.theme);
      setLanguageCookie(reply, user.language);
      return { account: toAccount(user), secondFactorStep: stepOf(secondFactor) };
    },
  );

  app.post(
    '/password-reset',
    {
      schema: {
        tags: ['auth'],
        summary: 'Forgot password: mail a link to choose a new password, valid 1 hour',
        description:
          'Answers the same, after the same work, whether or not the address has an account; the mail goes out after the answer. A new request makes the previous link stop working. Past a limit per address or per client: 429 with Retry-After.',
        body: passwordResetRequestSchema,
        response: { 202: passwordResetResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      await app.rateLimits.consume('passwordResetPerIp', request.ip);
      await app.rateLimits.consume('passwordResetPerAddress', email);
      app.backgroundTasks.afterResponse(request, 'password reset mail', async () => {
        const reset = await requestPasswordReset(app.db, email, app.clock());
        if (!reset) return;
        const { siteName } = await getSettings(app.db, app.settingDefaults);
        const link = passwordResetLink(app.config.publicUrl, reset.token);
        const linkedIdentities = await linkedIdentityNames(app.db, reset.user.id);
        // Never logged: like an invitation, the link sets a password.
        await app.mailer.send(
          passwordResetMail({
            to: reset.user.email,
            siteName,
            link,
            language: mailLanguage(reset.user, request),
            linkedIdentities,
          }),
        );
      });
      return reply.status(202).send({ email });
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Choose a new password with the token of a mailed reset link',
        description:
          'The link is used up, an unverified address becomes verified, every session of the account ends, every other link mailed before stops working (the credential epoch moves; a pending change of address dies) and a notice listing the linked university sign-ins goes to the address. A link mailed to an address the account no longer has is refused. Does not sign in.',
        body: resetPasswordSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await resetPassword(app.db, request.body, app.clock());
      app.backgroundTasks.afterResponse(request, 'password changed notice', async () => {
        const { siteName } = await getSettings(app.db, app.settingDefaults);
        const forgotPasswordLink = new URL('/forgot-password', app.config.publicUrl).toString();
        const linkedIdentities = await linkedIdentityNames(app.db, user.id);
        await app.mailer.send(
          passwordChangedMail({
            to: user.email,
            siteName,
            forgotPasswordLink,
            language: mailLanguage(user, request),
            linkedIdentities,
          }),
        );
      });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/email-change/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm a new email address with the token of the link mailed to it',
        description:
          "Needs no session: the link may be opened on another device. The account moves to the address; every session of the account but the caller's ends and every other link mailed before stops working (the credential epoch moves). Refused once the epoch has moved since the link was sent (a password change or reset).",
        body: confirmEmailChangeSchema,
        response: { 200: confirmEmailChangeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = await confirmEmailChange(app.db, request.body.token, app.clock(), request.sessionToken);
      return { email: user.email };
    },
  );

  app.post(
    '/email-change/cancel',
    {
      schema: {
        tags: ['auth'],
        summary: "'Cancel this change', with the token of the notice mailed to the current address",
        description:
          'Needs no session. The pending change of address dies, every session of the account ends and every link mailed before stops working (the credential epoch moves). The link works once, for 24 hours.',
        body: cancelEmailChangeSchema,
        response: { 200: cancelEmailChangeResponseSchema, ...errorResponses },
      },
    },
    async (request) => cancelEmailChange(app.db, request.body.token, app.clock()),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End the current session on the server and clear the cookie',
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (request.sessionToken) await revokeSession(app.db, request.sessionToken);
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email address with the userId and secret from the mailed link',
        body: verifyEmailRequestSchema,
        response: { 200: verifyEmailResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await confirmEmail(app.db, request.body.userId, request.body.secret, app.clock());
      return { verified: true as const };
    },
  );

  app.post(
    '/verification',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Send a new verification mail to the signed-in account',
        response: { 200: resendVerificationResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await app.rateLimits.consume('resendVerificationPerIp', request.ip);
      // Only ever the signed-in account's own address: nothing here can be asked about another account.
      const user = request.user!;
      if (user.emailVerifiedAt) throw new AppError('conflict', 'Your email address is already verified.');
      await sendVerificationMail(request, user);
      return { email: user.email };
    },
  );
}
