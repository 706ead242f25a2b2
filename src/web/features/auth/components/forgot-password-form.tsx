import { Trans } from 'react-i18next';
import { passwordResetRequestSchema } from '../../../../shared/account-lifecycle';
import { FormErrorAlert, FormTextField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { FormActions } from '../../../components/ui/form-actions';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { useAuthText } from '../../../i18n/namespaces/auth';
import { useRequestPasswordReset } from '../api/request-password-reset';

/**
 * 'Forgot password?': asks for the address and says the same whether or not it has an account,
 * so the page tells nobody which addresses are registered.
 */
export function ForgotPasswordForm() {
  const { t } = useAuthText();
  const request = useRequestPasswordReset();
  const form = useAppForm({ schema: passwordResetRequestSchema, defaultValues: { email: '' } });

  if (request.isSuccess) {
    return (
      <div role="status" className="space-y-4 text-center text-slate-700">
        <p>
          <Trans
            t={t}
            i18nKey="forgotPassword.sent"
            values={{ email: request.data.email }}
            components={{ strong: <strong className="wrap-anywhere" /> }}
          />
        </p>
        <p>{t('forgotPassword.noMail')}</p>
        <TextLink to={paths.login}>{t('forgotPassword.backToLogin')}</TextLink>
      </div>
    );
  }

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((input) => {
        if (request.isPending) return;
        request.mutate(input, { onError: form.showServerError });
      })}
    >
      <p className="text-sm text-slate-700">{t('forgotPassword.explanation')}</p>
      <FormErrorAlert control={form.control} />
      <FormTextField
        control={form.control}
        name="email"
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        aria-required="true"
      />
      <FormActions
        cancelTo={paths.login}
        submitLabel={t('forgotPassword.submit')}
        busyLabel={t('forgotPassword.busy')}
        busy={request.isPending}
      />
    </form>
  );
}
