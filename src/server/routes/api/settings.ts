import { publicSettingsSchema } from '../../../shared/settings';
import { getSettings } from '../../services/settings';
import type { App } from '../../types';
import { errorResponses } from './responses';

export async function settingsRoutes(app: App): Promise<void> {
  app.get(
    '',
    {
      schema: {
        tags: ['settings'],
        summary: 'Settings every visitor may see, such as the site name',
        response: { 200: publicSettingsSchema, ...errorResponses },
      },
    },
    async () => {
      const { siteName, signupDomains, restrictSignupToDomains, passwordSignIn } = await getSettings(
        app.db,
        app.settingDefaults,
      );
      const campus = app.config.campusSignIn;
      return {
        siteName,
        signupDomains,
        restrictSignupToDomains,
        campusSignIn: campus && { buttonLabel: campus.buttonLabel },
        passwordSignIn,
      };
    },
  );
}
