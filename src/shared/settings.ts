import { z } from 'zod';
import { aiProviderKinds } from './ai-providers';
import { reviewTagChoicesSchema } from './reviews';
import { screeningModes } from './screening';

export { DEFAULT_SITE_NAME } from './site-name';
export const SIGNUP_DOMAINS_MAX = 50;
/** The longest privacy policy or terms of service an administrator may set. */
export const SITE_PAGE_MAX_LENGTH = 20_000;
const CONTACT_EMAIL_MAX_LENGTH = 254;

/** A bare domain such as `uni.example.edu` (a leading @ is dropped); its subdomains count too. */
export const signupDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((domain) => domain.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .regex(
        /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
        'Enter domains like uni.example.edu.',
      ),
  );

/** Whether an email address belongs to one of the domains, subdomains included. */
export function emailInDomains(email: string, domains: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domains.some((allowed) => domain === allowed || domain.endsWith(`.${allowed}`));
}

/** The sign-up refusal when the restriction is on (also shown beside the form beforehand). */
export function signupDomainsMessage(domains: readonly string[]): string {
  const listed = domains.map((domain) => `@${domain}`).join(', ');
  return `Sign-up is limited to university email addresses (${listed}).`;
}

/** The footer's pages an administrator has written, so its links go to them rather than to /user. */
export const sitePagesSetSchema = z.object({
  privacyPolicy: z.boolean(),
  termsOfService: z.boolean(),
  contact: z.boolean(),
});
export type SitePagesSet = z.infer<typeof sitePagesSetSchema>;

export const publicSettingsSchema = z.object({
  siteName: z.string(),
  /** University domains: advised on the sign-up form, enforced when the restriction is on. */
  signupDomains: z.array(z.string()),
  restrictSignupToDomains: z.boolean(),
  /** The university's sign-in, when the server is configured for one (OIDC_* variables). */
  campusSignIn: z.object({ buttonLabel: z.string() }).nullable(),
  /** Whether students may sign up and sign in with a password; administrators always may. */
  passwordSignIn: z.boolean(),
  sitePages: sitePagesSetSchema,
  /** The tags a review may carry, in the order the form offers them. */
  reviewTags: z.array(z.string()),
  /** Whether the review form screens the text before it is sent (Off: it does not). */
  screeningMode: z.enum(screeningModes),
});

/**
 * A site page's text: plain text, paragraphs separated by blank lines; web addresses and email
 * addresses in it become links when shown. Empty when the administrator has not written it.
 */
const sitePageTextSchema = (name: string) =>
  z
    .string()
    .trim()
    .max(SITE_PAGE_MAX_LENGTH, `${name} must be at most ${SITE_PAGE_MAX_LENGTH.toLocaleString('en')} characters.`);

/** An email address, or nothing (no contact page). */
const contactEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(CONTACT_EMAIL_MAX_LENGTH, 'Email address is too long.')
  .refine((value) => value === '' || z.email().safeParse(value).success, 'Please enter a valid email address.');

/** The privacy policy, the terms of service and the contact address, as every visitor reads them (null: not set). */
export const sitePagesSchema = z.object({
  privacyPolicy: z.string().nullable(),
  termsOfService: z.string().nullable(),
  contactEmail: z.string().nullable(),
});
export type SitePages = z.infer<typeof sitePagesSchema>;
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const siteSettingsSchema = z.object({
  siteName: z.string().trim().min(1, 'Site name is required.').max(60, 'Site name must be at most 60 characters.'),
  signupDomains: z.array(signupDomainSchema).max(SIGNUP_DOMAINS_MAX, `At most ${SIGNUP_DOMAINS_MAX} domains.`),
  restrictSignupToDomains: z.boolean(),
  /** Off: students use campus sign-in only. Only possible while campus sign-in is configured. */
  passwordSignIn: z.boolean(),
  /**
   * "This provider's addresses are authoritative": a campus sign-in may create or claim a verified
   * account with an address the provider did not mark verified (email_verified). Off by default.
   */
  campusAddressesAuthoritative: z.boolean(),
  aiDraftsPerHour: z
    .number()
    .int('A whole number of drafts.')
    .min(1, 'At least 1 draft an hour.')
    .max(1000, 'At most 1000 drafts an hour.'),
  privacyPolicy: sitePageTextSchema('The privacy policy'),
  termsOfService: sitePageTextSchema('The terms of service'),
  contactEmail: contactEmailSchema,
  /** The tags students choose from for a review (at most REVIEW_TAGS_MAX each). */
  reviewTags: reviewTagChoicesSchema,
  /** What "Submit anyway" does with a review the screen found something in (shared/screening.ts). */
  screeningMode: z.enum(screeningModes),
  /** Ask the AI provider for a second opinion on each review; effective only while a provider is configured. */
  aiScreening: z.boolean(),
  /** AI summaries of reviews on tutor profiles; in effect only while an AI provider is configured. */
  aiSummaries: z.boolean(),
  /** Administrators sign in with a second factor, and one without any sets one up first (decision 0030). */
  adminsMustUseSecondFactor: z.boolean(),
  /** A campus sign-in whose `amr`/`acr` claims say several factors were used counts as a second factor. */
  campusSecondFactorTrusted: z.boolean(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const RESTRICT_WITHOUT_DOMAINS_MESSAGE = 'Add at least one domain before restricting sign-up to it.';
export const PASSWORD_SIGN_IN_NEEDS_CAMPUS_MESSAGE =
  'Password sign-in can only be turned off while sign-in with your university is set up (OIDC_ISSUER).';

export const updateSiteSettingsSchema = siteSettingsSchema.partial();
export type UpdateSiteSettingsRequest = z.infer<typeof updateSiteSettingsSchema>;

/** The settings page: the stored settings and what the server was started with (read-only there). */
export const adminSettingsSchema = z.object({
  siteName: z.string(),
  // Plain strings: the request schema's normalizing transform has no way back for an answer.
  signupDomains: z.array(z.string()),
  restrictSignupToDomains: z.boolean(),
  passwordSignIn: z.boolean(),
  campusAddressesAuthoritative: z.boolean(),
  aiDraftsPerHour: z.number().int(),
  /** The university's provider the server was started with (OIDC_* variables); null when there is none. */
  campusSignIn: z.object({ issuer: z.string(), buttonLabel: z.string() }).nullable(),
  /** Empty strings where nothing is set. */
  privacyPolicy: z.string(),
  termsOfService: z.string(),
  contactEmail: z.string(),
  reviewTags: z.array(z.string()),
  screeningMode: z.enum(screeningModes),
  aiScreening: z.boolean(),
  aiSummaries: z.boolean(),
  adminsMustUseSecondFactor: z.boolean(),
  campusSecondFactorTrusted: z.boolean(),
  ai: z.object({
    /** Null when no provider is configured (environment variables, see README). */
    provider: z.enum(aiProviderKinds).nullable(),
    providerLabel: z.string().nullable(),
    model: z.string().nullable(),
  }),
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
