import { passwordResetRequestSchema } from '../../../../shared/account-lifecycle';
import { FormErrorAlert, FormTextField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { FormActions } from '../../../components/ui/form-actions';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { useRequestPasswordReset } from '../api/request-password-reset';

/**
 * 'Forgot password?': asks for the address and says the same whether or not it has an account,
 * so the page tells nobody which addresses are registered.
 */
export function ForgotPasswordForm() {
  const request = useRequestPasswordReset();
  const form = useAppForm({ schema: passwordResetRequestSchema, defaultValues: { email: '' } });

  if (request.isSuccess) {
    return (
      <div role="status" className="space-y-4 text-center text-slate-700">
        <p>
          If an account uses <strong className="wrap-anywhere">{request.data.email}</strong>, we have sent it a link to
          choose a new password. The link works once, for 1 hour.
        </p>
        <p>No mail? Check the spam folder, or ask again in a few minutes.</p>
        <TextLink to={paths.login}>Back to login</TextLink>
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
      <p className="text-sm text-slate-700">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      <FormErrorAlert control={form.control} />
      <FormTextField
        control={form.control}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        aria-required="true"
      />
      <FormActions
        cancelTo={paths.login}
        submitLabel="Send reset link"
        busyLabel="Sending..."
        busy={request.isPending}
      />
    </form>
  );
}
