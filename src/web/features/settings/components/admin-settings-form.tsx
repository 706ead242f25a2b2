import { useState } from 'react';
import { useController, useFormState, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Trans } from 'react-i18next';
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
import { paths } from '../../../config/paths';
import { translateMessage } from '../../../i18n/message-translator';
import { settingsText, useSettingsText } from '../../../i18n/namespaces/settings';

interface FormValues {
  siteName: string;
  /** As typed: one domain per line. */
  domains: string;
  restrictSignupToDomains: boolean;
  passwordSignIn: boolean;
  campusAddressesAuthoritative: boolean;
  aiDraftsPerHour: string;
  aiSummaries: boolean;
  privacyPolicy: string;
  termsOfService: string;
  contactEmail: string;
  /** As typed: one tag per line. */
  reviewTags: string;
  screeningMode: ScreeningMode;
  aiScreening: boolean;
  adminsMustUseSecondFactor: boolean;
  campusSecondFactorTrusted: boolean;
}

const valuesOf = (settings: SiteSettings): FormValues => ({
  siteName: settings.siteName,
  domains: settings.signupDomains.join('\n'),
  restrictSignupToDomains: settings.restrictSignupToDomains,
  passwordSignIn: settings.passwordSignIn,
  campusAddressesAuthoritative: settings.campusAddressesAuthoritative,
  aiDraftsPerHour: String(settings.aiDraftsPerHour),
  aiSummaries: settings.aiSummaries,
  privacyPolicy: settings.privacyPolicy,
  termsOfService: settings.termsOfService,
  contactEmail: settings.contactEmail,
  reviewTags: settings.reviewTags.join('\n'),
  screeningMode: settings.screeningMode,
  aiScreening: settings.aiScreening,
  adminsMustUseSecondFactor: settings.adminsMustUseSecondFactor,
  campusSecondFactorTrusted: settings.campusSecondFactorTrusted,
});

/** A domain as the hints and messages show it. */
const EXAMPLE_DOMAIN = 'uni.example.edu';
/** The README and the server's variables keep their names in any language. */
const README = 'README';
const CAMPUS_VARIABLES = {
  issuerVariable: 'OIDC_ISSUER',
  clientIdVariable: 'OIDC_CLIENT_ID',
  clientSecretVariable: 'OIDC_CLIENT_SECRET',
};

/** The ID token's claims that say how the person signed in; their names are the same in any language. */
const ID_TOKEN_CLAIMS = 'amr, acr';

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
    campusAddressesAuthoritative: z.boolean(),
    aiDraftsPerHour: z.string(),
    aiSummaries: z.boolean(),
    privacyPolicy: z.string(),
    termsOfService: z.string(),
    contactEmail: z.string(),
    reviewTags: z.string(),
    screeningMode: z.enum(screeningModes),
    aiScreening: z.boolean(),
    adminsMustUseSecondFactor: z.boolean(),
    campusSecondFactorTrusted: z.boolean(),
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
      campusAddressesAuthoritative: values.campusAddressesAuthoritative,
      aiDraftsPerHour: drafts === '' ? Number.NaN : Number(drafts),
      aiSummaries: values.aiSummaries,
      privacyPolicy: values.privacyPolicy,
      termsOfService: values.termsOfService,
      contactEmail: values.contactEmail,
      reviewTags: tags,
      screeningMode: values.screeningMode,
      aiScreening: values.aiScreening,
      adminsMustUseSecondFactor: values.adminsMustUseSecondFactor,
      campusSecondFactorTrusted: values.campusSecondFactorTrusted,
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
          once('aiDraftsPerHour', drafts === '' ? settingsText('form.errors.draftsRequired') : issue.message);
        else if (field === 'signupDomains' && typeof index === 'number') badDomains.push(entries[index] ?? '');
        else if (field === 'signupDomains') listMessage ??= issue.message;
        else if (pageFields.some((name) => name === field)) once(field as (typeof pageFields)[number], issue.message);
        else if (field === 'reviewTags' && typeof index === 'number')
          once(
            'reviewTags',
            settingsText('form.errors.badTag', { tag: tags[index] ?? '', message: translateMessage(issue.message) }),
          );
        else if (field === 'reviewTags') once('reviewTags', issue.message);
      }
      if (badDomains.length > 0) {
        report(
          'domains',
          settingsText('form.errors.notADomain', { domains: badDomains.join(', '), example: EXAMPLE_DOMAIN }),
        );
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
  if (next.campusAddressesAuthoritative !== saved.campusAddressesAuthoritative)
    changes.campusAddressesAuthoritative = next.campusAddressesAuthoritative;
  if (next.aiDraftsPerHour !== saved.aiDraftsPerHour) changes.aiDraftsPerHour = next.aiDraftsPerHour;
  if (next.aiSummaries !== saved.aiSummaries) changes.aiSummaries = next.aiSummaries;
  for (const field of pageFields) if (next[field] !== saved[field]) changes[field] = next[field];
  if (next.reviewTags.join('\n') !== saved.reviewTags.join('\n')) changes.reviewTags = next.reviewTags;
  if (next.screeningMode !== saved.screeningMode) changes.screeningMode = next.screeningMode;
  if (next.aiScreening !== saved.aiScreening) changes.aiScreening = next.aiScreening;
  if (next.adminsMustUseSecondFactor !== saved.adminsMustUseSecondFactor)
    changes.adminsMustUseSecondFactor = next.adminsMustUseSecondFactor;
  if (next.campusSecondFactorTrusted !== saved.campusSecondFactorTrusted)
    changes.campusSecondFactorTrusted = next.campusSecondFactorTrusted;
  return changes;
}

/** Site name, sign-up domains, AI drafting, review tags and the footer's pages; messages appear after the first Save and then follow every change. */
export function AdminSettingsForm({ settings }: { settings: AdminSettings }) {
  const { t } = useSettingsText();
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
  const {
    field: { ref: authoritativeRef, value: authoritative, onChange: setAuthoritative, ...authoritativeField },
  } = useController({ control: form.control, name: 'campusAddressesAuthoritative' });
  const { field: screeningField } = useController({ control: form.control, name: 'screeningMode' });
  const {
    field: { ref: aiScreeningRef, value: aiScreening, onChange: setAiScreening, ...aiScreeningField },
  } = useController({ control: form.control, name: 'aiScreening' });
  const {
    field: { ref: aiSummariesRef, value: aiSummaries, onChange: setAiSummaries, ...aiSummariesField },
  } = useController({ control: form.control, name: 'aiSummaries' });
  const {
    field: {
      ref: requireSecondFactorRef,
      value: requireSecondFactor,
      onChange: setRequireSecondFactor,
      ...requireSecondFactorField
    },
  } = useController({ control: form.control, name: 'adminsMustUseSecondFactor' });
  const {
    field: { ref: campusTrustedRef, value: campusTrusted, onChange: setCampusTrusted, ...campusTrustedField },
  } = useController({ control: form.control, name: 'campusSecondFactorTrusted' });
  const domainCount = domainEntries(useWatch({ control: form.control, name: 'domains' })).length;

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={form.handleSubmit((next) => {
        if (save.isPending) return;
        const changes = changesFrom(saved, next);
        if (Object.keys(changes).length === 0) {
          toast(t('form.noChanges'));
          return;
        }
        save.mutate(changes, {
          onSuccess: (stored) => {
            setSaved(stored);
            // The server's spelling of the domains (lower case, no @) replaces what was typed,
            // and messages wait for the next Save again.
            form.reset(valuesOf(stored));
            toast.success(t('form.saved'));
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
          {t('form.general.heading')}
        </h2>
        <FormTextField
          control={form.control}
          name="siteName"
          label={t('form.general.siteName')}
          required
          maxLength={60}
          autoComplete="off"
          hint={t('form.general.siteNameHint')}
        />
      </section>

      <section
        aria-labelledby="settings-signup"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="settings-signup" className="text-lg font-semibold text-slate-900">
          {t('form.signup.heading')}
        </h2>
        <FormTextAreaField
          control={form.control}
          name="domains"
          deps={['restrictSignupToDomains']}
          label={t('form.signup.domains')}
          rows={4}
          spellCheck={false}
          autoCapitalize="none"
          hint={t('form.signup.domainsHint', { example: EXAMPLE_DOMAIN, max: SIGNUP_DOMAINS_MAX })}
        />
        <SwitchField
          {...restrictField}
          ref={restrictRef}
          label={t('form.signup.restrict')}
          hint={domainCount === 0 ? t('form.signup.restrictHintNoDomains') : t('form.signup.restrictHint')}
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
          {t('form.campus.heading')}
        </h2>
        {settings.campusSignIn ? (
          <p className="text-sm text-slate-700">
            <Trans
              t={t}
              i18nKey="form.campus.setUp"
              values={{
                // The server's default label is English; one an administrator set is shown as written.
                label: translateMessage(settings.campusSignIn.buttonLabel),
                issuer: settings.campusSignIn.issuer,
              }}
              components={{ issuer: <span className="wrap-anywhere font-medium text-slate-900" /> }}
            />
          </p>
        ) : (
          <p className="text-sm text-slate-700">{t('form.campus.notSetUp', { ...CAMPUS_VARIABLES, readme: README })}</p>
        )}
        <SwitchField
          {...passwordSignInField}
          ref={passwordSignInRef}
          label={t('form.campus.passwordSignIn')}
          hint={
            settings.campusSignIn ? t('form.campus.passwordSignInHint') : t('form.campus.passwordSignInHintNoCampus')
          }
          checked={passwordSignIn}
          disabled={!settings.campusSignIn}
          error={passwordSignInError?.message}
          onChange={(event) => setPasswordSignIn(event.target.checked)}
        />
        <SwitchField
          {...authoritativeField}
          ref={authoritativeRef}
          label={t('form.campus.addressesAuthoritative')}
          hint={t('form.campus.addressesAuthoritativeHint')}
          checked={authoritative}
          disabled={!settings.campusSignIn}
          onChange={(event) => setAuthoritative(event.target.checked)}
        />
        <SwitchField
          {...campusTrustedField}
          ref={campusTrustedRef}
          label={t('form.secondFactor.campusTrusted')}
          hint={t('form.secondFactor.campusTrustedHint', { claims: ID_TOKEN_CLAIMS })}
          checked={campusTrusted}
          disabled={!settings.campusSignIn}
          onChange={(event) => setCampusTrusted(event.target.checked)}
        />
      </section>

      <section
        aria-labelledby="settings-second-factor"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="settings-second-factor" className="text-lg font-semibold text-slate-900">
          {t('form.secondFactor.heading')}
        </h2>
        <SwitchField
          {...requireSecondFactorField}
          ref={requireSecondFactorRef}
          label={t('form.secondFactor.required')}
          hint={t('form.secondFactor.requiredHint')}
          checked={requireSecondFactor}
          onChange={(event) => setRequireSecondFactor(event.target.checked)}
        />
      </section>

      <section
        aria-labelledby="settings-ai"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="settings-ai" className="text-lg font-semibold text-slate-900">
          {t('form.ai.heading')}
        </h2>
        <AiProviderPanel ai={settings.ai} />
        <FormTextField
          control={form.control}
          name="aiDraftsPerHour"
          label={t('form.ai.draftsPerHour')}
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          step={1}
          required
          className="sm:max-w-sm"
          hint={t('form.ai.draftsPerHourHint')}
        />
        <SwitchField
          {...aiSummariesField}
          ref={aiSummariesRef}
          label={t('form.ai.summaries')}
          hint={
            settings.ai.provider ? t('form.ai.summariesHint') : t('form.ai.summariesHintNoProvider', { readme: README })
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
          {t('form.reviews.heading')}
        </h2>
        <FormTextAreaField
          control={form.control}
          name="reviewTags"
          label={t('form.reviews.tags')}
          rows={8}
          required
          autoCapitalize="sentences"
          hint={t('form.reviews.tagsHint', {
            maxTags: REVIEW_TAG_CHOICES_MAX,
            maxLength: REVIEW_TAG_MAX_LENGTH,
            perReview: REVIEW_TAGS_MAX,
          })}
        />
        <RadioGroupField
          ref={groupRef(screeningField.ref)}
          legend={t('form.reviews.screening')}
          name={screeningField.name}
          options={screeningModes.map((mode) => ({ value: mode, label: t(`form.reviews.screeningModes.${mode}`) }))}
          value={screeningField.value}
          onChange={screeningField.onChange}
          onBlur={screeningField.onBlur}
          hint={
            <>
              {t('form.reviews.screeningHint')}
              {screeningModes.map((mode) => (
                <span key={mode} className="block">
                  {t(`form.reviews.screeningModeHints.${mode}`)}
                </span>
              ))}
            </>
          }
        />
        <SwitchField
          {...aiScreeningField}
          ref={aiScreeningRef}
          label={t('form.reviews.aiScreening')}
          hint={settings.ai.provider ? t('form.reviews.aiScreeningHint') : t('form.reviews.aiScreeningHintNoProvider')}
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
            {t('form.pages.heading')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('form.pages.intro')}</p>
        </div>
        <FormTextAreaField
          control={form.control}
          name="privacyPolicy"
          label={t('form.pages.privacyPolicy')}
          rows={8}
          maxLength={SITE_PAGE_MAX_LENGTH}
          hint={t('form.pages.shownAt', { path: paths.privacy })}
        />
        <FormTextAreaField
          control={form.control}
          name="termsOfService"
          label={t('form.pages.termsOfService')}
          rows={8}
          maxLength={SITE_PAGE_MAX_LENGTH}
          hint={t('form.pages.shownAt', { path: paths.terms })}
        />
        <FormTextField
          control={form.control}
          name="contactEmail"
          label={t('form.pages.contactEmail')}
          type="email"
          autoComplete="off"
          spellCheck={false}
          className="sm:max-w-md"
          hint={t('form.pages.contactEmailHint', { path: paths.contact })}
        />
      </section>

      <div className="flex justify-end">
        <Button type="submit" aria-busy={save.isPending || undefined} disabled={save.isPending}>
          {save.isPending ? t('form.saving') : t('form.save')}
        </Button>
      </div>
      <UnsavedChangesDialog leaving={leaving} />
    </form>
  );
}
