import { requireAdmin } from '../../../plugins/auth';
import type { App } from '../../../types';
import { adminSettingsRoutes } from './settings';

/** Every route below /api/admin is for administrators only; the guard sits on the prefix. */
export async function adminRoutes(app: App): Promise<void> {
  app.addHook('onRequest', requireAdmin);
  await app.register(adminSettingsRoutes, { prefix: '/settings' });
}
