import { inArray, sql } from 'drizzle-orm';
import { DEFAULT_SITE_NAME, type SiteSettings } from '../../shared/settings';
import type { Database } from '../db/client';
import { settings } from '../db/schema';

const defaults: SiteSettings = { siteName: DEFAULT_SITE_NAME };
type SettingKey = keyof SiteSettings;
const keys = Object.keys(defaults) as SettingKey[];

export async function getSettings(db: Database): Promise<SiteSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  const result: SiteSettings = { ...defaults };
  for (const row of rows) {
    if (row.key === 'siteName' && typeof row.value === 'string') result.siteName = row.value;
  }
  return result;
}

export async function updateSettings(db: Database, changes: Partial<SiteSettings>, now: Date): Promise<SiteSettings> {
  const entries = Object.entries(changes).filter(([key, value]) => keys.includes(key as SettingKey) && value !== undefined);
  if (entries.length > 0) {
    await db
      .insert(settings)
      .values(entries.map(([key, value]) => ({ key, value, updatedAt: now })))
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: now } });
  }
  return getSettings(db);
}
