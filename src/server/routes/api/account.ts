import { z } from 'zod';
import { accountSchema, changePasswordSchema, updateProfileSchema } from '../../../shared/account';
import { removeInitialAdminFile } from '../../lib/initial-admin-file';
import { requireUser, viewerOf } from '../../plugins/auth';
import { toAccount } from '../../services/accounts/users';
import { changePassword, updateProfile } from '../../services/accounts/profile';
import type { App } from '../../types';
import { errorResponses } from './responses';

const accountResponseSchema = z.object({ account: accountSchema });

/** The signed-in user's own account: profile details and password. An unverified address is no obstacle here. */
export async function accountRoutes(app: App): Promise<void> {
  app.addHook('onRequest', requireUser);

  app.patch(
    '',
    {
      schema: {
        tags: ['account'],
        summary: 'Change your name and phone number (null or empty clears it); administrators may change their email',
        body: updateProfileSchema,
        response: { 200: accountResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      account: toAccount(await updateProfile(app.db, viewerOf(request), request.body, app.clock())),
    }),
  );

  app.post(
    '/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Change your password with the current one; every other session ends, this one stays',
        body: changePasswordSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = viewerOf(request);
      await changePassword(app.db, user, request.sessionToken, request.body, app.clock());
      // The generated first admin's password is spent: the file that holds it goes too.
      if (user.passwordChangeRequired) await removeInitialAdminFile(app.config.dataDir, user.email);
      return reply.status(204).send(null);
    },
  );
}
