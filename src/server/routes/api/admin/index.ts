import { requireAdmin } from '../../../plugins/auth';
import type { App } from '../../../types';
import { adminAiDraftingRoutes } from './ai-drafting';
import { adminAuditLogRoutes } from './audit-log';
import { adminDashboardRoutes } from './dashboard';
import { adminReviewRoutes } from './reviews';
import { adminSettingsRoutes } from './settings';
import { adminTutorClaimRoutes } from './tutor-claims';
import { adminTutorRoutes } from './tutors';
import { adminUserRoutes } from './users';

/** Every route below /api/admin is for administrators only; the guard sits on the prefix. */
export async function adminRoutes(app: App): Promise<void> {
  app.addHook('onRequest', requireAdmin);
  await app.register(adminDashboardRoutes, { prefix: '/dashboard' });
  await app.register(adminSettingsRoutes, { prefix: '/settings' });
  await app.register(adminTutorRoutes, { prefix: '/tutors' });
  await app.register(adminTutorClaimRoutes, { prefix: '/tutor-claims' });
  await app.register(adminReviewRoutes, { prefix: '/reviews' });
  await app.register(adminAiDraftingRoutes, { prefix: '/ai' });
  await app.register(adminUserRoutes, { prefix: '/users' });
  await app.register(adminAuditLogRoutes, { prefix: '/audit-log' });
}
