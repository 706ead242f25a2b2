import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  confirmTotpSchema,
  enrolledSchema,
  ownerProofSchema,
  recoveryCodesSchema,
  registerPasskeySchema,
  secondFactorIdParamsSchema,
  secondFactorStatusSchema,
  totpEnrolmentSchema,
  verifyCodeSchema,
  verifyPasskeySchema,
  webAuthnOptionsSchema,
} from '../../../shared/second-factor';
import { accountSchema } from '../../../shared/account';
import { AppError } from '../../lib/errors';
import { sealingKey } from '../../lib/sealed-secrets';
import { requireUser, viewerOf } from '../../plugins/auth';
import {
  confirmTotpEnrolment,
  registerPasskey,
  regenerateRecoveryCodes,
  removeFactor,
  secondFactorStatus,
  startPasskeyRegistration,
  startTotpEnrolment,
  type Owner,
  type SecondFactorContext,
} from '../../services/accounts/second-factor/factors';
import { relyingPartyOf } from '../../services/accounts/second-factor/passkeys';
import {
  startPasskeyAuthentication,
  verifyPasskey,
  verifySecondFactorCode,
} from '../../services/accounts/second-factor/verification';
import { toAccount } from '../../services/accounts/users';
import { getSettings } from '../../services/settings';
import type { App } from '../../types';
import { errorResponses } from './responses';

const verifiedSchema = z.object({ account: accountSchema });

/**
 * The account's second factors (authenticator apps, passkeys, recovery codes) and the sign-in's
 * second step. Which of these a session may reach before its second factor is decided by
 * plugins/second-factor.ts.
 */
export async function secondFactorRoutes(app: App): Promise<void> {
  app.addHook('onRequest', requireUser);
  const key = sealingKey(app.deviceKey, 'second-factor');
  const context = (): SecondFactorContext => ({ db: app.db, sealingKey: key, now: app.clock() });
  const ownerOf = (request: FastifyRequest): Owner => ({
    user: viewerOf(request),
    sessionToken: request.sessionToken!,
  });
  const relyingParty = async () =>
    relyingPartyOf(app.config.publicUrl, (await getSettings(app.db, app.settingDefaults)).siteName);

  /**
   * Counts a check of a code or a password against the account, as a login is counted: only a
   * wrong answer stays counted, so guessing stops at the account's login ceiling.
   */
  async function throttled<T>(request: FastifyRequest, what: string, work: () => Promise<T>): Promise<T> {
    const counted = await app.rateLimits.consume('loginPerAccount', `${what} ${viewerOf(request).id}`);
    try {
      const result = await work();
      await app.rateLimits.giveBack(counted);
      return result;
    } catch (err) {
      const wrongAnswer =
        err instanceof AppError && ['code', 'response', 'currentPassword'].includes(err.fields?.[0]?.path ?? '');
      if (!wrongAnswer) await app.rateLimits.giveBack(counted);
      throw err;
    }
  }

  app.get(
    '',
    {
      schema: {
        tags: ['account'],
        summary: "The account's second factors, its recovery codes left, and what this session must do first",
        response: { 200: secondFactorStatusSchema, ...errorResponses },
      },
    },
    async (request) => secondFactorStatus(app.db, ownerOf(request)),
  );

  app.post(
    '/totp/start',
    {
      schema: {
        tags: ['account'],
        summary: 'A new authenticator-app secret for this session to confirm with a code within 10 minutes',
        response: { 200: totpEnrolmentSchema, ...errorResponses },
      },
    },
    async (request) =>
      startTotpEnrolment(context(), ownerOf(request), (await getSettings(app.db, app.settingDefaults)).siteName),
  );

  app.post(
    '/totp',
    {
      schema: {
        tags: ['account'],
        summary: "Add the authenticator app: a code from it confirms this session's secret",
        description:
          'Needs the current password (or a campus sign-in of this session, or a sign-in within the last 10 minutes); wrong codes and passwords count like failed logins. The account’s first factor comes with ten recovery codes, shown only in this answer.',
        body: confirmTotpSchema,
        response: { 201: enrolledSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const enrolled = await throttled(request, 'second factor', () =>
        confirmTotpEnrolment(context(), ownerOf(request), request.body),
      );
      return reply.status(201).send(enrolled);
    },
  );

  app.post(
    '/passkey/options',
    {
      schema: {
        tags: ['account'],
        summary: 'WebAuthn options for creating a passkey (navigator.credentials.create)',
        response: { 200: webAuthnOptionsSchema, ...errorResponses },
      },
    },
    async (request) => ({ ...(await startPasskeyRegistration(context(), ownerOf(request), await relyingParty())) }),
  );

  app.post(
    '/passkey',
    {
      schema: {
        tags: ['account'],
        summary: 'Add the passkey the browser created for the options this session was given',
        description:
          'Needs the current password (or a campus sign-in of this session, or a sign-in within the last 10 minutes). The account’s first factor comes with ten recovery codes, shown only in this answer.',
        body: registerPasskeySchema,
        response: { 201: enrolledSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const party = await relyingParty();
      const enrolled = await throttled(request, 'second factor', () =>
        registerPasskey(context(), ownerOf(request), party, {
          ...request.body,
          response: request.body.response as unknown as RegistrationResponseJSON,
        }),
      );
      return reply.status(201).send(enrolled);
    },
  );

  app.delete(
    '/factors/:factorId',
    {
      schema: {
        tags: ['account'],
        summary: 'Remove a second factor',
        description:
          'Needs the current password (or a campus sign-in of this session within the last 10 minutes), counted like a login. An administrator who must use a second factor keeps at least one.',
        params: secondFactorIdParamsSchema,
        body: ownerProofSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await throttled(request, 'password check', () =>
        removeFactor(context(), ownerOf(request), request.params.factorId, request.body.currentPassword),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/recovery-codes',
    {
      schema: {
        tags: ['account'],
        summary: 'Ten new recovery codes; the earlier ones stop working',
        description:
          'Needs the current password (or a campus sign-in of this session within the last 10 minutes), counted like a login. The codes are shown only in this answer.',
        body: ownerProofSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses },
      },
    },
    async (request) => ({
      recoveryCodes: await throttled(request, 'password check', () =>
        regenerateRecoveryCodes(context(), ownerOf(request), request.body.currentPassword),
      ),
    }),
  );

  app.post(
    '/verify',
    {
      schema: {
        tags: ['auth'],
        summary: "The sign-in's second step: a code from the authenticator app, or a recovery code (used up)",
        description: 'Wrong codes count like failed logins of the account; past the limit: 429 with Retry-After.',
        body: verifyCodeSchema,
        response: { 200: verifiedSchema, ...errorResponses },
      },
    },
    async (request) => {
      await throttled(request, 'second factor', () =>
        verifySecondFactorCode(context(), ownerOf(request), request.body.code),
      );
      return { account: toAccount(viewerOf(request)) };
    },
  );

  app.post(
    '/verify/passkey/options',
    {
      schema: {
        tags: ['auth'],
        summary: "WebAuthn options for the sign-in's second step with a passkey (navigator.credentials.get)",
        response: { 200: webAuthnOptionsSchema, ...errorResponses },
      },
    },
    async (request) => ({ ...(await startPasskeyAuthentication(context(), ownerOf(request), await relyingParty())) }),
  );

  app.post(
    '/verify/passkey',
    {
      schema: {
        tags: ['auth'],
        summary: "The sign-in's second step with a passkey, answering the options this session was given",
        body: verifyPasskeySchema,
        response: { 200: verifiedSchema, ...errorResponses },
      },
    },
    async (request) => {
      const party = await relyingParty();
      await throttled(request, 'second factor', () =>
        verifyPasskey(
          context(),
          ownerOf(request),
          party,
          request.body.response as unknown as AuthenticationResponseJSON,
        ),
      );
      return { account: toAccount(viewerOf(request)) };
    },
  );
}
