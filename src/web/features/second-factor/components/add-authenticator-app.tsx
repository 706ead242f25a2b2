import toast from 'react-hot-toast';
import { confirmTotpSchema, type Enrolled, type TotpEnrolment } from '../../../../shared/second-factor';
import { FormErrorAlert, FormPasswordField, FormTextField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button } from '../../../components/ui/button';
import { useSecondFactorText } from '../../../i18n/namespaces/second-factor';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmTotp } from '../api/confirm-totp';
import { useStartTotp } from '../api/start-totp';

/** The secret in groups of four, as it is easiest to type into an app. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Adding an authenticator app: a new secret (its otpauth:// address, which a phone opens in its
 * app, and the secret grouped for typing), then a code from the app confirms it.
 */
export function AddAuthenticatorApp({
  askPassword,
  onEnrolled,
}: {
  /** Whether the current password is asked (not right after signing in). */
  askPassword: boolean;
  onEnrolled: (enrolled: Enrolled) => void;
}) {
  const { t } = useSecondFactorText();
  const start = useStartTotp();
  if (!start.data) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-700">{t('app.explanation')}</p>
        <Button
          variant="secondary"
          disabled={start.isPending}
          onClick={() => start.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) })}
        >
          {start.isPending ? t('app.starting') : t('app.start')}
        </Button>
      </div>
    );
  }
  return <ConfirmApp enrolment={start.data} askPassword={askPassword} onEnrolled={onEnrolled} />;
}

function ConfirmApp({
  enrolment,
  askPassword,
  onEnrolled,
}: {
  enrolment: TotpEnrolment;
  askPassword: boolean;
  onEnrolled: (enrolled: Enrolled) => void;
}) {
  const { t } = useSecondFactorText();
  const confirm = useConfirmTotp();
  const form = useAppForm({
    schema: confirmTotpSchema,
    defaultValues: { code: '', label: t('app.defaultLabel'), currentPassword: '' },
  });
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-2 ps-5 text-sm text-slate-700">
        <li>
          {t('app.stepOpen')}{' '}
          <a href={enrolment.uri} className="font-medium break-all text-indigo-700 underline hover:text-indigo-900">
            {t('app.openInApp')}
          </a>
        </li>
        <li>
          {t('app.stepType')}
          <code
            dir="ltr"
            className="mt-1 block rounded bg-slate-100 px-2 py-1 font-mono text-base tracking-wide break-all text-slate-900"
          >
            {groupedSecret(enrolment.secret)}
          </code>
        </li>
        <li>{t('app.stepCode')}</li>
      </ol>
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((request) =>
          confirm.mutate(request, {
            onSuccess: (enrolled) => {
              toast.success(t('app.added'));
              onEnrolled(enrolled);
            },
            onError: form.showServerError,
          }),
        )}
      >
        <FormErrorAlert control={form.control} />
        <FormTextField
          control={form.control}
          name="code"
          label={t('app.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
        />
        <FormTextField control={form.control} name="label" label={t('fields.label')} required />
        {askPassword && (
          <FormPasswordField
            control={form.control}
            name="currentPassword"
            label={t('fields.currentPassword')}
            autoComplete="current-password"
            hint={t('fields.currentPasswordHint')}
          />
        )}
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? t('app.adding') : t('app.add')}
        </Button>
      </form>
    </div>
  );
}
