import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserResponseSchema,
  createUserResponseSchema,
  createUserSchema,
  updateUserSchema,
  userPathParamsSchema,
} from '../../../../shared/users';
import { linkedIdentityListSchema, userIdentityPathParamsSchema } from '../../../../shared/campus-sign-in';
import type { UserRow } from '../../../db/schema';
import { invitationMail, passwordResetMail } from '../../../mail/templates';
import { AppError } from '../../../lib/errors';
import { mailLanguage } from '../../../lib/request-language';
import { passwordResetLink } from '../../../services/accounts/password-reset';
import { viewerOf } from '../../../plugins/auth';
import { getSettings } from '../../../services/settings';
import {
  addUser,
  deleteUser,
  disableUser,
  enableUser,
  listAdminUsers,
  sendPasswordResetToUser,
  updateUser,
} from '../../../services/accounts/admin-users';
import { INVITATION_LIFETIME_DAYS, invitationLink } from '../../../services/accounts/invitations';
import { adminUnlinkIdentity, listUserIdentities } from '../../../services/accounts/linked-identities';
import type { App } from '../../../types';
import { errorResponses } from '../responses';

/** The Users page: every account, and what an administrator may do to one. */
export async function adminUserRoutes(app: App): Promise<void> {
  /** Mails the invitation link. Unlike a verification link it is never logged: it sets the password. */
  function invitationSender(request: FastifyRequest, invitedBy: UserRow) {
    return async (user: UserRow, secret: string): Promise<void> => {
      const link = invitationLink(app.config.publicUrl, user.id, secret);
      const { siteName } = await getSettings(app.db, app.settingDefaults);
      try {
        const { outboxFile } = await app.mailer.send(
          invitationMail({
            to: user.email,
            name: user.name,
            siteName,
            link,
            invitedBy: invitedBy.name,
            validDays: INVITATION_LIFETIME_DAYS,
            language: mailLanguage(user, request),
          }),
        );
        if (app.mailer.kind === 'outbox')
          app.log.info(
            { outboxFile, userId: user.id },
            'No SMTP configured: the invitation mail is in the outbox folder',
          );
      } catch (err) {
        app.log.error({ err, userId: user.id }, 'invitation mail could not be sent');
        throw err;
      }
    };
  }

  app.get(
    '',
    {
      schema: {
        tags: ['admin'],
        summary: 'Accounts, newest first (best match first when searching by name or email), with their review counts',
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListSchema, ...errorResponses },
      },
    },
    async (request) => listAdminUsers(app.db, viewerOf(request), request.query),
  );

  app.post(
    '',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Add a verified account: answers a one-time password once, or mails an invitation link valid for 7 days',
        body: createUserSchema,
        response: { 201: createUserResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const actor = viewerOf(request);
      const created = await addUser(app.db, actor, request.body, app.clock(), invitationSender(request, actor));
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/:userId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rename an account or change its role; the last active administrator cannot be demoted',
        params: userPathParamsSchema,
        body: updateUserSchema,
        response: { 200: adminUserResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      user: await updateUser(app.db, viewerOf(request), request.params.userId, request.body, app.clock()),
    }),
  );

  app.post(
    '/:userId/disable',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Disable an account: its sessions end at once and login is refused; not one's own, not the last administrator",
        params: userPathParamsSchema,
        response: { 200: adminUserResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ user: await disableUser(app.db, viewerOf(request), request.params.userId, app.clock()) }),
  );

  app.post(
    '/:userId/enable',
    {
      schema: {
        tags: ['admin'],
        summary: 'Enable a disabled account again',
        params: userPathParamsSchema,
        response: { 200: adminUserResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ user: await enableUser(app.db, viewerOf(request), request.params.userId, app.clock()) }),
  );

  app.delete(
    '/:userId',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Delete an account with its sessions and reviews (tutors' ratings are corrected); tutors it submitted stay",
        params: userPathParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteUser(app.db, viewerOf(request), request.params.userId, app.clock());
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/:userId/password-reset',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mail the user a link to choose a new password (valid 1 hour); no administrator sees or sets it',
        params: userPathParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { siteName } = await getSettings(app.db, app.settingDefaults);
      await sendPasswordResetToUser(
        app.db,
        viewerOf(request),
        request.params.userId,
        app.clock(),
        async (user, token, linkedIdentities) => {
          const link = passwordResetLink(app.config.publicUrl, token);
          try {
            await app.mailer.send(
              passwordResetMail({
                to: user.email,
                siteName,
                link,
                language: mailLanguage(user, request),
                linkedIdentities,
              }),
            );
          } catch (err) {
            app.log.error({ err, userId: user.id }, 'password reset mail could not be sent');
            throw new AppError(
              'service_unavailable',
              'We could not send the password reset email right now. Please try again in a few minutes.',
            );
          }
        },
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/:userId/identities',
    {
      schema: {
        tags: ['admin'],
        summary: 'The university sign-ins linked to an account',
        params: userPathParamsSchema,
        response: { 200: linkedIdentityListSchema, ...errorResponses },
      },
    },
    async (request) => ({ identities: await listUserIdentities(app.db, request.params.userId) }),
  );

  app.delete(
    '/:userId/identities/:identityId',
    {
      schema: {
        tags: ['admin'],
        summary: "Unlink a university sign-in from an account; the account's sessions end",
        description:
          'Allowed even for the last sign-in method: the owner can still choose a password through "Forgot password?". Every session of the account ends and every link mailed before stops working (the credential epoch moves). Recorded in the audit log.',
        params: userIdentityPathParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await adminUnlinkIdentity(
        app.db,
        viewerOf(request),
        request.params.userId,
        request.params.identityId,
        app.clock(),
      );
      return reply.status(204).send(null);
    },
  );
}
