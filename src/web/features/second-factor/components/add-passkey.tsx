import { browserSupportsPasskeys } from '../api/passkey-support';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { registerPasskeySchema, type Enrolled } from '../../../../shared/second-factor';
import { FormErrorAlert, FormPasswordField, FormTextField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button } from '../../../components/ui/button';
import { useSecondFactorText } from '../../../i18n/namespaces/second-factor';
import { ApiRequestError } from '../../../lib/api-client';
import { useRegisterPasskey } from '../api/register-passkey';

const formSchema = registerPasskeySchema.omit({ response: true });

/** Adding a passkey: a name for it, then the browser's own prompt (fingerprint, face, PIN or security key). */
export function AddPasskey({
  askPassword,
  onEnrolled,
}: {
  askPassword: boolean;
  onEnrolled: (enrolled: Enrolled) => void;
}) {
  const { t } = useSecondFactorText();
  const register = useRegisterPasskey();
  const form = useAppForm({
    schema: formSchema,
    defaultValues: { label: t('passkey.defaultLabel'), currentPassword: '' } satisfies z.input<typeof formSchema>,
  });
  if (!browserSupportsPasskeys()) return <p className="text-sm text-slate-700">{t('passkey.unsupported')}</p>;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((request) =>
        register.mutate(request, {
          onSuccess: (enrolled) => {
            toast.success(t('passkey.added'));
            onEnrolled(enrolled);
          },
          // The browser's own refusal (cancelled, timed out) says nothing about a field.
          onError: (error) =>
            error instanceof ApiRequestError ? form.showServerError(error) : toast.error(t('passkey.cancelled')),
        }),
      )}
    >
      <p className="text-sm text-slate-700">{t('passkey.explanation')}</p>
      <FormErrorAlert control={form.control} />
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
      <Button type="submit" disabled={register.isPending}>
        {register.isPending ? t('passkey.adding') : t('passkey.add')}
      </Button>
    </form>
  );
}
