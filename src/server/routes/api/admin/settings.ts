import { siteSettingsSchema, updateSiteSettingsSchema } from '../../../../shared/settings';
import { getSettings, updateSettings } from '../../../services/settings';
import type { App } from '../../../types';
import { errorResponses } from '../responses';

export async function adminSettingsRoutes(app: App): Promise<void> {
  app.get(
    '',
    { schema: { tags: ['admin'], summary: 'All site settings', response: { 200: siteSettingsSchema, ...errorResponses } } },
    async () => getSettings(app.db, app.settingDefaults),
  );

  app.patch(
    '',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change site settings',
        body: updateSiteSettingsSchema,
        response: { 200: siteSettingsSchema, ...errorResponses },
      },
    },
    async (request) => updateSettings(app.db, request.body, app.settingDefaults, app.clock()),
  );
}
