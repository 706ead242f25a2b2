import { publicSettingsSchema, sitePagesSchema } from '../../../shared/settings';
import { getSettings, sitePagesOf, sitePagesSetOf } from '../../services/settings';
import type { App } from '../../types';
import { errorResponses } from './responses';

export async function settingsRoutes(app: App): Promise<void> {
  app.get(
    '',
    {
      schema: {
        tags: ['settings'],
        summary: 'Settings every visitor may see, such as the site name, and which footer pages are written',
        response: { 200: publicSettingsSchema, ...errorResponses },
      },
    },
    async () => {
      const stored = await getSettings(app.db, app.settingDefaults);
      const { siteName, signupDomains, restrictSignupToDomains, passwordSignIn, reviewTags, screeningMode } = stored;
      const campus = app.config.campusSignIn;
      return {
        siteName,
        signupDomains,
        restrictSignupToDomains,
        campusSignIn: campus && { buttonLabel: campus.buttonLabel },
        passwordSignIn,
        sitePages: sitePagesSetOf(stored),
        reviewTags,
        screeningMode,
      };
    },
  );

  app.get(
    '/site-pages',
    {
      schema: {
        tags: ['settings'],
        summary:
          'The privacy policy, the terms of service (plain text) and the contact address an administrator set; null where unset',
        response: { 200: sitePagesSchema, ...errorResponses },
      },
    },
    async () => sitePagesOf(await getSettings(app.db, app.settingDefaults)),
  );
}
