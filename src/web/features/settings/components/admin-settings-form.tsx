import { type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  type AdminSettings,
  RESTRICT_WITHOUT_DOMAINS_MESSAGE,
  SIGNUP_DOMAINS_MAX,
  type SiteSettings,
  siteSettingsSchema,
  type UpdateSiteSettingsRequest,
} from '../../../../shared/settings';
import { TextAreaField, TextInputField } from '../../../components/forms/field';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateAdminSettings } from '../api/update-admin-settings';
import { AiProviderPanel } from './ai-provider-panel';
import { SwitchField } from './switch-field';

interface FormValues {
  siteName: string;
  /** As typed: one domain per line. */
  domains: string;
  restrictSignupToDomains: boolean;
  aiDraftsPerHour: string;
}

type FormErrors = Partial<Record<keyof FormValues, string>>;

const valuesOf = (settings: SiteSettings): FormValues => ({
  siteName: settings.siteName,
  domains: settings.signupDomains.join('\n'),
  restrictSignupToDomains: settings.restrictSignupToDomains,
  aiDraftsPerHour: String(settings.aiDraftsPerHour),
});

/** The entries of the domains box; commas and spaces separate them as well as new lines. */
const domainEntries = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/**
 * Checks the form against the API's own schema, so limits and messages agree. The result is the
 * settings to save (domains normalised and without repeats), or the messages keyed by field.
 */
function validate(values: FormValues): { errors: FormErrors; settings: SiteSettings | null } {
  const entries = domainEntries(values.domains);
  const drafts = values.aiDraftsPerHour.trim();
  const parsed = siteSettingsSchema.safeParse({
    siteName: values.siteName,
    signupDomains: entries,
    restrictSignupToDomains: values.restrictSignupToDomains,
    aiDraftsPerHour: drafts === '' ? Number.NaN : Number(drafts),
  });
  const errors: FormErrors = {};
  if (!parsed.success) {
    const badDomains: string[] = [];
    for (const issue of parsed.error.issues) {
      const [field, index] = issue.path;
      if (field === 'siteName') errors.siteName ??= issue.message;
      else if (field === 'aiDraftsPerHour')
        errors.aiDraftsPerHour ??= drafts === '' ? 'Enter a number of drafts.' : issue.message;
      else if (field === 'signupDomains' && typeof index === 'number') badDomains.push(entries[index] ?? '');
      else if (field === 'signupDomains') errors.domains ??= issue.message;
    }
    if (badDomains.length > 0) {
      errors.domains = `Not a domain: ${badDomains.join(', ')}. Enter domains like uni.example.edu.`;
    }
  }
  if (!parsed.success) return { errors, settings: null };
  const settings = { ...parsed.data, signupDomains: [...new Set(parsed.data.signupDomains)] };
  if (settings.restrictSignupToDomains && settings.signupDomains.length === 0) {
    return { errors: { restrictSignupToDomains: RESTRICT_WITHOUT_DOMAINS_MESSAGE }, settings: null };
  }
  return { errors, settings };
}

/** Only what differs from the stored settings, so the audit log records what really changed. */
function changesFrom(saved: SiteSettings, next: SiteSettings): UpdateSiteSettingsRequest {
  const changes: UpdateSiteSettingsRequest = {};
  if (next.siteName !== saved.siteName) changes.siteName = next.siteName;
  if (next.signupDomains.join('\n') !== saved.signupDomains.join('\n')) changes.signupDomains = next.signupDomains;
  if (next.restrictSignupToDomains !== saved.restrictSignupToDomains)
    changes.restrictSignupToDomains = next.restrictSignupToDomains;
  if (next.aiDraftsPerHour !== saved.aiDraftsPerHour) changes.aiDraftsPerHour = next.aiDraftsPerHour;
  return changes;
}

/** Site name, sign-up domains and AI drafting; messages appear after the first Save and then follow every change. */
export function AdminSettingsForm({ settings }: { settings: AdminSettings }) {
  const save = useUpdateAdminSettings();
  const [saved, setSaved] = useState<SiteSettings>(settings);
  const [values, setValues] = useState<FormValues>(() => valuesOf(settings));
  const [submitted, setSubmitted] = useState(false);
  const siteNameRef = useRef<HTMLInputElement>(null);
  const domainsRef = useRef<HTMLTextAreaElement>(null);
  const restrictRef = useRef<HTMLInputElement>(null);
  const draftsRef = useRef<HTMLInputElement>(null);

  const validation = validate(values);
  const errors = submitted ? validation.errors : {};

  function setField<K extends keyof FormValues>(field: K, value: FormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setSubmitted(true);
    const next = validation.settings;
    if (!next) {
      const found = validation.errors;
      if (found.siteName) siteNameRef.current?.focus();
      else if (found.domains) domainsRef.current?.focus();
      else if (found.restrictSignupToDomains) restrictRef.current?.focus();
      else if (found.aiDraftsPerHour) draftsRef.current?.focus();
      return;
    }
    const changes = changesFrom(saved, next);
    if (Object.keys(changes).length === 0) {
      toast('No changes to save');
      return;
    }
    save.mutate(changes, {
      onSuccess: (stored) => {
        setSaved(stored);
        // The server's spelling of the domains (lower case, no @) replaces what was typed.
        setValues(valuesOf(stored));
        setSubmitted(false);
        toast.success('Settings saved');
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  const domainCount = domainEntries(values.domains).length;

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-6">
      <section
        aria-labelledby="settings-general"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="settings-general" className="text-lg font-semibold text-slate-900">
          General
        </h2>
        <TextInputField
          ref={siteNameRef}
          label="Site name"
          name="siteName"
          required
          maxLength={60}
          autoComplete="off"
          hint="Shown in the headers and the browser tab."
          value={values.siteName}
          error={errors.siteName}
          onChange={(event) => setField('siteName', event.target.value)}
        />
      </section>

      <section
        aria-labelledby="settings-signup"
        className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="settings-signup" className="text-lg font-semibold text-slate-900">
          Sign-up
        </h2>
        <TextAreaField
          ref={domainsRef}
          label="Sign-up email domains"
          name="signupDomains"
          rows={4}
          spellCheck={false}
          autoCapitalize="none"
          hint={`One per line, e.g. uni.example.edu; subdomains count too. At most ${SIGNUP_DOMAINS_MAX}. The sign-up form advises these addresses.`}
          value={values.domains}
          error={errors.domains}
          onChange={(event) => setField('domains', event.target.value)}
        />
        <SwitchField
          ref={restrictRef}
          label="Restrict sign-up to these domains"
          hint={
            domainCount === 0
              ? 'Add a domain first. Until then anyone can sign up.'
              : 'When on, only addresses on these domains can sign up. Existing accounts are not affected.'
          }
          checked={values.restrictSignupToDomains}
          error={errors.restrictSignupToDomains}
          onChange={(event) => setField('restrictSignupToDomains', event.target.checked)}
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
        <TextInputField
          ref={draftsRef}
          label="Drafts per hour"
          name="aiDraftsPerHour"
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          step={1}
          required
          className="sm:max-w-sm"
          hint="How many AI drafts each user may ask for in an hour."
          value={values.aiDraftsPerHour}
          error={errors.aiDraftsPerHour}
          onChange={(event) => setField('aiDraftsPerHour', event.target.value)}
        />
      </section>

      <div className="flex justify-end">
        <Button type="submit" aria-busy={save.isPending || undefined} disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save settings'}
        </Button>
      </div>
    </form>
  );
}
