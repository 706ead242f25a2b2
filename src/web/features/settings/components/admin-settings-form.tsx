import { useState } from 'react';
import { useController, useFormState, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { REVIEW_TAG_CHOICES_MAX, REVIEW_TAG_MAX_LENGTH, REVIEW_TAGS_MAX } from '../../../../shared/reviews-constants';
import {
  type AdminSettings,
  RESTRICT_WITHOUT_DOMAINS_MESSAGE,
  SIGNUP_DOMAINS_MAX,
  SITE_PAGE_MAX_LENGTH,
  type SiteSettings,
  siteSettingsSchema,
  type UpdateSiteSettingsRequest,
} from '../../../../shared/settings';
import { FormErrorAlert, FormTextAreaField, FormTextField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateAdminSettings } from '../api/update-admin-settings';
import { groupRef, RadioGroupField } from '../../../components/forms/choice-fields';
import { type ScreeningMode, screeningModes } from '../../../../shared/screening';
import { AiProviderPanel } from './ai-provider-panel';
import { SwitchField } from './switch-field';
import { UnsavedChangesDialog, useUnsavedChangesWarning } from '../../../components/forms/unsaved-changes-warning';

interface FormValues {
  siteName: string;
  /** As typed: one domain per line. */
  domains: string;
  restrictSignupToDomains: boolean;
  passwordSignIn: boolean;
  aiDraftsPerHour: string;
  aiSummaries: boolean;
  privacyPolicy: string;
  termsOfService: string;
  contactEmail: string;
  /** As typed: one tag per line. */
  reviewTags: string;
  screeningMode: ScreeningMode;
  aiScreening: boolean;
}

const valuesOf = (settings: SiteSettings): FormValues => ({
  siteName: settings.siteName,
  domains: settings.signupDomains.join('\n'),
  restrictSignupToDomains: settings.restrictSignupToDomains,
  passwordSignIn: settings.passwordSignIn,
  aiDraftsPerHour: String(settings.aiDraftsPerHour),
  aiSummaries: settings.aiSummaries,
  privacyPolicy: settings.privacyPolicy,
  termsOfService: settings.termsOfService,
  contactEmail: settings.contactEmail,
  reviewTags: settings.reviewTags.join('\n'),
  screeningMode: settings.screeningMode,
  aiScreening: settings.aiScreening,
});

const screeningModeLabels: Record<ScreeningMode, string> = { off: 'Off', warn: 'Warn', hold: 'Hold' };
const screeningModeOptions = screeningModes.map((mode) => ({ value: mode, label: screeningModeLabels[mode] }));
const screeningModeHints: Record<ScreeningMode, string> = {
  off: 'Off: reviews are not checked.',
  warn: 'Warn: "Submit anyway" publishes the review, flagged for a moderator.',
  hold: 'Hold: "Submit anyway" keeps the review waiting for a moderator, seen only by its author.',
};

const pageFields = ['privacyPolicy', 'termsOfService', 'contactEmail'] as const;

/** The entries of the domains box; commas and spaces separate them as well as new lines. */
const domainEntries = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/** The tags box's tags: one a line, blank lines left out (a tag may hold spaces and commas). */
const tagEntries = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The form checked against the API's own schema, so limits and messages agree. The result is
 * the settings to save (domains normalised and without repeats); the messages are keyed by the
 * form's fields, bad domains named together.
 */
const settingsFormSchema = z
  .object({
    siteName: z.string(),
    domains: z.string(),
    restrictSignupToDomains: z.boolean(),
    passwordSignIn: z.boolean(),
    aiDraftsPerHour: z.string(),
    aiSummaries: z.boolean(),
    privacyPolicy: z.string(),
    termsOfService: z.string(),
    contactEmail: z.string(),
    reviewTags: z.string(),
    screeningMode: z.enum(screeningModes),
    aiScreening: z.boolean(),
  })
  .transform((values, context): SiteSettings => {
    const entries = domainEntries(values.domains);
    const tags = tagEntries(values.reviewTags);
    const drafts = values.aiDraftsPerHour.trim();
    const parsed = siteSettingsSchema.safeParse({
      siteName: values.siteName,
      signupDomains: entries,
      restrictSignupToDomains: values.restrictSignupToDomains,
      passwordSignIn: values.passwordSignIn,
      aiDraftsPerHour: drafts === '' ? Number.NaN : Number(drafts),
      aiSummaries: values.aiSummaries,
      privacyPolicy: values.privacyPolicy,
      termsOfService: values.termsOfService,
      contactEmail: values.contactEmail,
      reviewTags: tags,
      screeningMode: values.screeningMode,
      aiScreening: values.aiScreening,
    });
    const report = (field: keyof FormValues, message: string) =>
      context.addIssue({ code: 'custom', path: [field], message });
    if (!parsed.success) {
      const reported = new Set<keyof FormValues>();
      const badDomains: string[] = [];
      let listMessage: string | undefined;
      const once = (field: keyof FormValues, message: string) => {
        if (reported.has(field)) return;
        reported.add(field);
        report(field, message);
      };
      for (const issue of parsed.error.issues) {
        const [field, index] = issue.path;
        if (field === 'siteName') once('siteName', issue.message);
        else if (field === 'aiDraftsPerHour')
          once('aiDraftsPerHour', drafts === '' ? 'Enter a number of drafts.' : issue.message);
        else if (field === 'signupDomains' && typeof index === 'number') badDomains.push(entries[index] ?? '');
        else if (field === 'signupDomains') listMessage ??= issue.message;
        else if (pageFields.some((name) => name === field)) once(field as (typeof pageFields)[number], issue.message);
        else if (field === 'reviewTags' && typeof index === 'number')
          once('reviewTags', `“${tags[index] ?? ''}”: ${issue.message}`);
        else if (field === 'reviewTags') once('reviewTags', issue.message);
      }
      if (badDomains.length > 0) {
        report('domains', `Not a domain: ${badDomains.join(', ')}. Enter domains like uni.example.edu.`);
      } else if (listMessage) report('domains', listMessage);
      return z.NEVER;
    }
    const settings = { ...parsed.data, signupDomains: [...new Set(parsed.data.signupDomains)] };
    if (settings.restrictSignupToDomains && settings.signupDomains.length === 0) {
      report('restrictSignupToDomains', RESTRICT_WITHOUT_DOMAINS_MESSAGE);
      return z.NEVER;
    }
    return settings;
  });

/** Only what differs from the stored settings, so the audit log records what really changed. */
function changesFrom(saved: SiteSettings, next: SiteSettings): UpdateSiteSettingsRequest {
  const changes: UpdateSiteSettingsRequest = {};
  if (next.siteName !== saved.siteName) changes.siteName = next.siteName;
  if (next.signupDomains.join('\n') !== saved.signupDomains.join('\n')) changes.signupDomains = next.signupDomains;
  if (next.restrictSignupToDomains !== saved.restrictSignupToDomains)
    changes.restrictSignupToDomains = next.restrictSignupToDomains;
  if (next.passwordSignIn !== saved.passwordSignIn) changes.passwordSignIn = next.passwordSignIn;
  if (next.aiDraftsPerHour !== saved.aiDraftsPerHour) changes.aiDraftsPerHour = next.aiDraftsPerHour;
  if (next.aiSummaries !== saved.aiSummaries) changes.aiSummaries = next.aiSummaries;
  for (const field of pageFields) if (next[field] !== saved[field]) changes[field] = next[field];
  if (next.reviewTags.join('\n') !== saved.reviewTags.join('\n')) changes.reviewTags = next.reviewTags;
  if (next.screeningMode !== saved.screeningMode) changes.screeningMode = next.screeningMode;
  if (next.aiScreening !== saved.aiScreening) changes.aiScreening = next.aiScreening;
  return changes;
}

/** Site name, sign-up domains, AI drafting, review tags and the footer's pages; messages appear after the first Save and then follow every change. */
export function AdminSettingsForm({ settings }: { settings: AdminSettings }) {
  const save = useUpdateAdminSettings();
  const [saved, setSaved] = useState<SiteSettings>(settings);
  const form = useAppForm({ schema: settingsFormSchema, defaultValues: valuesOf(settings) });
  // Saving resets the form to what was stored, so only typing that was not saved counts.
  const { isDirty } = useFormState({ control: form.control });
  const leaving = useUnsavedChangesWarning(isDirty && !save.isPending);
  const {
    field: { ref: restrictRef, value: restricted, onChange: setRestricted, ...restrictField },
    fieldState: { error: restrictError },
  } = useController({ control: form.control, name: 'restrictSignupToDomains' });
  const {
    field: { ref: passwordSignInRef, value: passwordSignIn, onChange: setPasswordSignIn, ...passwordSignInField },
    fieldState: { error: passwordSignInError },
  } = useController({ control: form.control, name: 'passwordSignIn' });
  const { field: screeningField } = useController({ control: form.control, name: 'screeningMode' });
  const {
    field: { ref: aiScreeningRef, value: aiScreening, onChange: setAiScreening, ...aiScreeningField },
  } = useController({ control: form.control, name: 'aiScreening' });
  const {
    field: { ref: aiSummariesRef, value: aiSummaries, onChange: setAiSummaries, ...aiSummariesField },
  } = useController({ control: form.control, name: 'aiSummaries' });
  const domainCount = domainEntries(useWatch({ control: form.control, name: 'domains' })).length;

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={form.handleSubmit((next) => {
        if (save.isPending) return;
        const changes = changesFrom(saved, next);
        if (Object.keys(changes).length === 0) {
          toast('No changes to save');
          return;
        }
        save.mutate(changes, {
          onSuccess: (stored) => {
            setSaved(stored);
            // The server's spelling of the domains (lower case, no @) replaces what was typed,
            // and messages wait for the next Save again.
            form.reset(valuesOf(stored));
            toast.success('Settings saved');
          },
          onError: (error) => toast.error(errorMessage(error)),
        });
      })}
    >
      <FormErrorAlert control={form.control} />
      <section
        aria-labelledby="settings-general"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="settings-general" className="text-lg font-semibold text-slate-900">
          General
        </h2>
        <FormTextField
          control={form.control}
          name="siteName"
          label="Site name"
          required
          maxLength={60}
          autoComplete="off"
          hint="Shown in the headers and the browser tab."
        />
      </section>

      <section
        aria-labelledby="settings-signup"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="settings-signup" className="text-lg font-semibold text-slate-900">
          Sign-up
        </h2>
        <FormTextAreaField
          control={form.control}
          name="domains"
          deps={['restrictSignupToDomains']}
          label="Sign-up email domains"
          rows={4}
          spellCheck={false}
          autoCapitalize="none"
          hint={`One per line, e.g. uni.example.edu; subdomains count too. At most ${SIGNUP_DOMAINS_MAX}. The sign-up form advises these addresses.`}
        />
        <SwitchField
          {...restrictField}
          ref={restrictRef}
          label="Restrict sign-up to these domains"
          hint={
            domainCount === 0
              ? 'Add a domain first. Until then anyone can sign up.'
              : 'When on, only addresses on these domains can sign up. Existing accounts are not affected.'
          }
          checked={restricted}
          error={restrictError?.message}
          onChange={(event) => setRestricted(event.target.checked)}
        />
      </section>

      <section
        aria-labelledby="settings-campus"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="settings-campus" className="text-lg font-semibold text-slate-900">
          Campus sign-in
        </h2>
        {settings.campusSignIn ? (
          <p className="text-sm text-slate-700">
            Students can sign in with &ldquo;{settings.campusSignIn.buttonLabel}&rdquo; through{' '}
            <span className="wrap-anywhere font-medium text-slate-900">{settings.campusSignIn.issuer}</span>.
          </p>
        ) : (
          <p className="text-sm text-slate-700">
            Not set up. The server&apos;s OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET connect it to your
            university&apos;s sign-in (see the README).
          </p>
        )}
        <SwitchField
          {...passwordSignInField}
          ref={passwordSignInRef}
          label="Password sign-in"
          hint={
            settings.campusSignIn
              ? 'When off, students sign up and sign in only with their university account. Administrators always keep their password, so a broken provider cannot lock you out.'
              : 'Stays on until campus sign-in is set up.'
          }
          checked={passwordSignIn}
          disabled={!settings.campusSignIn}
          error={passwordSignInError?.message}
          onChange={(event) => setPasswordSignIn(event.target.checked)}
        />
      </section>

      <section
        aria-labelledby="settings-ai"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="settings-ai" className="text-lg font-semibold text-slate-900">
          AI drafting
        </h2>
        <AiProviderPanel ai={settings.ai} />
        <FormTextField
          control={form.control}
          name="aiDraftsPerHour"
          label="Drafts per hour"
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          step={1}
          required
          className="sm:max-w-sm"
          hint="How many AI drafts each user may ask for in an hour."
        />
        <SwitchField
          {...aiSummariesField}
          ref={aiSummariesRef}
          label="AI summaries of reviews on tutor profiles"
          hint={
            settings.ai.provider
              ? 'When on, a tutor with at least 3 reviews gets a short summary of what they say, each sentence linking to its reviews; written in the background and again after every 5 new reviews.'
              : 'Takes effect once an AI provider is configured (see the README).'
          }
          checked={aiSummaries}
          onChange={(event) => setAiSummaries(event.target.checked)}
        />
      </section>

      <section
        aria-labelledby="settings-reviews"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="settings-reviews" className="text-lg font-semibold text-slate-900">
          Reviews
        </h2>
        <FormTextAreaField
          control={form.control}
          name="reviewTags"
          label="Review tags"
          rows={8}
          required
          autoCapitalize="sentences"
          hint={`One tag per line, in the order the review form offers them; at most ${REVIEW_TAG_CHOICES_MAX} tags of ${REVIEW_TAG_MAX_LENGTH} characters each. Students choose up to ${REVIEW_TAGS_MAX} for a review. Reviews keep the tags they already have when one is removed.`}
        />
        <RadioGroupField
          ref={groupRef(screeningField.ref)}
          legend="Screening"
          name={screeningField.name}
          options={screeningModeOptions}
          value={screeningField.value}
          onChange={screeningField.onChange}
          onBlur={screeningField.onBlur}
          hint={
            <>
              Reviews are checked for personal information, slurs and profanity, and remarks on appearance before they
              are published; the student is told what was found and may edit it or submit anyway.
              {screeningModes.map((mode) => (
                <span key={mode} className="block">
                  {screeningModeHints[mode]}
                </span>
              ))}
            </>
          }
        />
        <SwitchField
          {...aiScreeningField}
          ref={aiScreeningRef}
          label="Ask the AI provider for a second opinion"
          hint={
            settings.ai.provider
              ? 'Each review is also sent to the AI provider. If it fails or is slow, the rules alone decide.'
              : 'Takes effect once an AI provider is configured.'
          }
          checked={aiScreening}
          onChange={(event) => setAiScreening(event.target.checked)}
        />
      </section>

      <section
        aria-labelledby="settings-pages"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <div>
          <h2 id="settings-pages" className="text-lg font-semibold text-slate-900">
            Site pages
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Plain text: leave a blank line between paragraphs; web and email addresses become links. Once written, the
            footer links to the page; while empty it leads to the dashboard.
          </p>
        </div>
        <FormTextAreaField
          control={form.control}
          name="privacyPolicy"
          label="Privacy policy"
          rows={8}
          maxLength={SITE_PAGE_MAX_LENGTH}
          hint="Shown at /privacy."
        />
        <FormTextAreaField
          control={form.control}
          name="termsOfService"
          label="Terms of service"
          rows={8}
          maxLength={SITE_PAGE_MAX_LENGTH}
          hint="Shown at /terms."
        />
        <FormTextField
          control={form.control}
          name="contactEmail"
          label="Contact email address"
          type="email"
          autoComplete="off"
          spellCheck={false}
          className="sm:max-w-md"
          hint="Shown at /contact and on the About page."
        />
      </section>

      <div className="flex justify-end">
        <Button type="submit" aria-busy={save.isPending || undefined} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
      <UnsavedChangesDialog leaving={leaving} />
    </form>
  );
}
