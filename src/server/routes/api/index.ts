import type { App } from '../../types';
import { loadSessionUser, requireChosenPassword } from '../../plugins/auth';
import { limitWritesPerUser } from '../../plugins/rate-limit';
import { requireSecondFactor } from '../../plugins/second-factor';
import { refuseUnstorableText } from '../../plugins/unstorable-text';
import { accountRoutes } from './account';
import { adminRoutes } from './admin';
import { aiDraftingRoutes } from './ai-drafting';
import { authRoutes } from './auth';
import { campusSignInRoutes } from './campus-sign-in';
import { notificationRoutes } from './notifications';
import { sessionRoutes } from './session';
import { reviewRoutes } from './reviews';
import { secondFactorRoutes } from './second-factor';
import { settingsRoutes } from './settings';
import { statisticsRoutes } from './statistics';
import { tutorRoutes } from './tutors';
import { uploadRoutes } from './uploads';

/**
 * Everything under /api: the session is resolved once per request and a signed-in user's
 * writes are counted against their limit, then each area adds its guard.
 */
export async function apiRoutes(app: App): Promise<void> {
  // Bodies are JSON (uploads are multipart, in their own scope). Fastify also reads text/plain,
  // which a form on any page may post without asking the browser's permission; without a
  // parser it is refused with 415 before a handler runs, as url-encoded and multipart bodies are.
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', loadSessionUser);
  app.addHook('onRequest', requireChosenPassword);
  app.addHook('onRequest', requireSecondFactor);
  app.addHook('onRequest', limitWritesPerUser);
  app.addHook('preValidation', refuseUnstorableText);
  // Answers depend on who asks; no shared cache may keep them.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  await app.register(sessionRoutes);
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(campusSignInRoutes, { prefix: '/auth/oidc' });
  await app.register(accountRoutes, { prefix: '/account' });
  await app.register(secondFactorRoutes, { prefix: '/second-factor' });
  await app.register(settingsRoutes, { prefix: '/settings' });
  await app.register(uploadRoutes, { prefix: '/uploads' });
  await app.register(tutorRoutes, { prefix: '/tutors' });
  await app.register(reviewRoutes, { prefix: '/reviews' });
  await app.register(aiDraftingRoutes, { prefix: '/ai' });
  await app.register(notificationRoutes, { prefix: '/notifications' });
  await app.register(statisticsRoutes, { prefix: '/statistics' });
  await app.register(adminRoutes, { prefix: '/admin' });
}
