import { eq, inArray, sql } from 'drizzle-orm';
import { DEFAULT_REVIEW_TAGS } from '../../shared/reviews-constants';
import {
  DEFAULT_SITE_NAME,
  PASSWORD_SIGN_IN_NEEDS_CAMPUS_MESSAGE,
  emailInDomains,
  RESTRICT_WITHOUT_DOMAINS_MESSAGE,
  type SitePages,
  type SitePagesSet,
  type SiteSettings,
  signupDomainsMessage,
  type UpdateSiteSettingsRequest,
} from '../../shared/settings';
import { DEFAULT_SCREENING_MODE, type ScreeningMode, screeningModes } from '../../shared/screening';
import { changeData, NOTHING_KEPT } from '../db/change-data';
import type { Database } from '../db/client';
import { type AuditData, settings } from '../db/schema';
import { recordAudit } from './audit-log';
import { AppError } from '../lib/errors';

/** Defaults that come from the server's configuration rather than from code. */
export interface SettingDefaults {
  /** AI_DRAFTS_PER_HOUR: what the limit is until an administrator changes it. */
  aiDraftsPerHour: number;
  /** Whether campus sign-in is configured (OIDC_*): without it, password sign-in is always on. */
  campusSignInConfigured: boolean;
}

type SettingKey = keyof SiteSettings;
const keys: SettingKey[] = [
  'siteName',
  'signupDomains',
  'restrictSignupToDomains',
  'passwordSignIn',
  'campusAddressesAuthoritative',
  'aiDraftsPerHour',
  'privacyPolicy',
  'termsOfService',
  'contactEmail',
  'reviewTags',
  'screeningMode',
  'aiScreening',
  'aiSummaries',
  'adminsMustUseSecondFactor',
  'campusSecondFactorTrusted',
];
type TextKey = 'privacyPolicy' | 'termsOfService' | 'contactEmail';
const textKeys: readonly SettingKey[] = ['privacyPolicy', 'termsOfService', 'contactEmail'] satisfies TextKey[];
const isTextKey = (key: string): key is TextKey => textKeys.includes(key as SettingKey);

const isScreeningMode = (value: unknown): value is ScreeningMode => screeningModes.some((mode) => mode === value);

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/**
 * Every setting: stored values where an administrator changed them, defaults elsewhere. Password
 * sign-in reads as on whenever campus sign-in is not configured, whatever is stored, so a
 * provider removed from the configuration cannot lock students out.
 */
export async function getSettings(db: Database, defaults: SettingDefaults): Promise<SiteSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, keys));
  const result: SiteSettings = {
    siteName: DEFAULT_SITE_NAME,
    signupDomains: [],
    restrictSignupToDomains: false,
    passwordSignIn: true,
    campusAddressesAuthoritative: false,
    aiDraftsPerHour: defaults.aiDraftsPerHour,
    privacyPolicy: '',
    termsOfService: '',
    contactEmail: '',
    reviewTags: [...DEFAULT_REVIEW_TAGS],
    screeningMode: DEFAULT_SCREENING_MODE,
    aiScreening: false,
    aiSummaries: false,
    // On unless stored otherwise: the migration that brought it stored it off for sites that already had accounts.
    adminsMustUseSecondFactor: true,
    campusSecondFactorTrusted: false,
  };
  for (const { key, value } of rows) {
    if (key === 'siteName' && typeof value === 'string') result.siteName = value;
    if (key === 'signupDomains' && isStringArray(value)) result.signupDomains = value;
    if (key === 'restrictSignupToDomains' && typeof value === 'boolean') result.restrictSignupToDomains = value;
    if (key === 'passwordSignIn' && typeof value === 'boolean')
      result.passwordSignIn = value || !defaults.campusSignInConfigured;
    if (key === 'campusAddressesAuthoritative' && typeof value === 'boolean')
      result.campusAddressesAuthoritative = value;
    if (key === 'aiDraftsPerHour' && typeof value === 'number') result.aiDraftsPerHour = value;
    if (key === 'reviewTags' && isStringArray(value)) result.reviewTags = value;
    if (key === 'screeningMode' && isScreeningMode(value)) result.screeningMode = value;
    if (key === 'aiScreening' && typeof value === 'boolean') result.aiScreening = value;
    if (key === 'aiSummaries' && typeof value === 'boolean') result.aiSummaries = value;
    if (key === 'adminsMustUseSecondFactor' && typeof value === 'boolean') result.adminsMustUseSecondFactor = value;
    if (key === 'campusSecondFactorTrusted' && typeof value === 'boolean') result.campusSecondFactorTrusted = value;
    if (isTextKey(key) && typeof value === 'string') result[key] = value;
  }
  return result;
}

/** The tags a review may carry now: the administrator's list, or the defaults. */
export async function reviewTagChoices(db: Database): Promise<string[]> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'reviewTags'));
  return row && isStringArray(row.value) ? row.value : [...DEFAULT_REVIEW_TAGS];
}

/** How reviews are screened before they are published: the mode and whether the AI provider is asked too. */
export async function screeningSettings(db: Database): Promise<Pick<SiteSettings, 'screeningMode' | 'aiScreening'>> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, ['screeningMode', 'aiScreening']));
  const mode = rows.find((row) => row.key === 'screeningMode')?.value;
  const ai = rows.find((row) => row.key === 'aiScreening')?.value;
  return {
    screeningMode: isScreeningMode(mode) ? mode : DEFAULT_SCREENING_MODE,
    aiScreening: ai === true,
  };
}

/** Whether an administrator turned on AI summaries of reviews (they also need a provider). */
export async function aiSummariesOn(db: Database): Promise<boolean> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'aiSummaries'));
  return row?.value === true;
}

/** The footer's pages as visitors read them: null where the administrator has written nothing. */
export function sitePagesOf(stored: SiteSettings): SitePages {
  return {
    privacyPolicy: stored.privacyPolicy || null,
    termsOfService: stored.termsOfService || null,
    contactEmail: stored.contactEmail || null,
  };
}

/** Which of the footer's pages exist, for its links. */
export function sitePagesSetOf(stored: SiteSettings): SitePagesSet {
  return {
    privacyPolicy: stored.privacyPolicy !== '',
    termsOfService: stored.termsOfService !== '',
    contact: stored.contactEmail !== '',
  };
}

/**
 * Stores the changed settings and answers with all of them. Restricting sign-up needs at
 * least one domain, checked against the result so neither change can break it alone.
 */
export async function updateSettings(
  db: Database,
  changes: UpdateSiteSettingsRequest,
  defaults: SettingDefaults,
  now: Date,
): Promise<SiteSettings> {
  // Settings are read afresh on every request that needs them: nothing kept depends on them.
  if (changes.passwordSignIn === false && !defaults.campusSignInConfigured)
    throw new AppError('validation_error', PASSWORD_SIGN_IN_NEEDS_CAMPUS_MESSAGE, 'passwordSignIn');
  return changeData(db, NOTHING_KEPT, async (tx) => {
    const entries = Object.entries(changes).filter(
      ([key, value]) => keys.includes(key as SettingKey) && value !== undefined,
    );
    if (entries.length > 0) {
      await tx
        .insert(settings)
        .values(
          entries.map(([key, value]) => ({
            key,
            value: key === 'signupDomains' ? [...new Set(value as string[])] : value,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value`, updatedAt: now } });
    }
    const result = await getSettings(tx, defaults);
    if (result.restrictSignupToDomains && result.signupDomains.length === 0)
      throw new AppError('validation_error', RESTRICT_WITHOUT_DOMAINS_MESSAGE);
    return result;
  });
}

/** Refuses a sign-up from outside the university's domains while the restriction is on. */
export async function assertSignupAllowed(db: Database, email: string, defaults: SettingDefaults): Promise<void> {
  const { signupDomains, restrictSignupToDomains } = await getSettings(db, defaults);
  if (restrictSignupToDomains && !emailInDomains(email, signupDomains))
    throw new AppError('forbidden', signupDomainsMessage(signupDomains));
}

type AuditChanges = NonNullable<AuditData['changes']>;

function changedSettings(before: SiteSettings, after: SiteSettings): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of keys) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    // A page's text can be long: the log says it changed, the settings hold what it says.
    changes[key] = key === 'privacyPolicy' || key === 'termsOfService' ? `${after[key].length} characters` : after[key];
  }
  return changes;
}

/** An administrator's change, with its audit entry in the same transaction; saving nothing new leaves no entry. */
export async function updateSettingsAsAdmin(
  db: Database,
  adminId: string,
  changes: UpdateSiteSettingsRequest,
  defaults: SettingDefaults,
  now: Date,
): Promise<SiteSettings> {
  return changeData(db, NOTHING_KEPT, async (tx) => {
    const before = await getSettings(tx, defaults);
    const after = await updateSettings(tx, changes, defaults, now);
    const changed = changedSettings(before, after);
    if (Object.keys(changed).length > 0) {
      await recordAudit(
        tx,
        {
          actorId: adminId,
          action: 'settings_updated',
          target: { type: 'settings', id: null },
          data: { changes: changed },
        },
        now,
      );
    }
    return after;
  });
}
