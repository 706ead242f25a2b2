import { z } from 'zod';

export const DEFAULT_SITE_NAME = 'Tutorly';

export const publicSettingsSchema = z.object({
  siteName: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const siteSettingsSchema = z.object({
  siteName: z.string().trim().min(1, 'Site name is required.').max(60, 'Site name must be at most 60 characters.'),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const updateSiteSettingsSchema = siteSettingsSchema.partial();
