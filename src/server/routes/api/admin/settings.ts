import {
  type AdminSettings,
  adminSettingsSchema,
  type SiteSettings,
  updateSiteSettingsSchema,
} from '../../../../shared/settings';
import { getSettings, updateSettingsAsAdmin } from '../../../services/settings';
import type { App } from '../../../types';
import { errorResponses } from '../responses';
import { viewerOf } from '../../../plugins/auth';

/** The stored settings with what the server was started with (the AI provider comes from its environment). */
function adminSettingsOf(app: App, stored: SiteSettings): AdminSettings {
  const provider = app.aiProvider;
  const campus = app.config.campusSignIn;
  return {
    ...stored,
    campusSignIn: campus && { issuer: campus.issuer, buttonLabel: campus.buttonLabel },
    ai: { provider: provider?.kind ?? null, providerLabel: provider?.label ?? null, model: provider?.model ?? null },
  };
}

export async function adminSettingsRoutes(app: App): Promise<void> {
  app.get(
    '',
    {
      schema: {
        tags: ['admin'],
        summary: 'All site settings, and the AI provider the server was started with',
        response: { 200: adminSettingsSchema, ...errorResponses },
      },
    },
    async () => adminSettingsOf(app, await getSettings(app.db, app.settingDefaults)),
  );

  app.patch(
    '',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change site settings; restricting sign-up needs at least one domain',
        body: updateSiteSettingsSchema,
        response: { 200: adminSettingsSchema, ...errorResponses },
      },
    },
    async (request) =>
      adminSettingsOf(
        app,
        await updateSettingsAsAdmin(app.db, viewerOf(request).id, request.body, app.settingDefaults, app.clock()),
      ),
  );
}
