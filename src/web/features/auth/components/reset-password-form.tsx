import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../../../../shared/account';
import { resetPasswordSchema } from '../../../../shared/account-lifecycle';
import { FormErrorAlert, FormPasswordField } from '../../../components/forms/form-fields';
import { PasswordStrengthHint } from '../../../components/forms/password-strength-hint';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { useAuthText } from '../../../i18n/namespaces/auth';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useResetPassword } from '../api/reset-password';

/** The new password as the API checks it, and typed again, which only this form checks. */
const resetPasswordFormSchema = z
  .object({ password: resetPasswordSchema.shape.password, confirmPassword: z.string() })
  .superRefine(({ password, confirmPassword }, context) => {
    if (!confirmPassword)
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Please confirm your password.' });
    else if (confirmPassword !== password)
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'The passwords do not match.' });
  });

/** Whether a refusal is about the link itself (unknown, used, expired), not the password. */
function isLinkProblem(error: unknown): boolean {
  return error instanceof ApiRequestError && error.fields.some(({ path }) => path === 'token');
}

/**
 * The page a password reset mail links to: the owner chooses a new password, every session of
 * the account ends, and they log in with it. A link that cannot be used says why.
 */
export function ResetPasswordForm({ token }: { token: string | null }) {
  const { t } = useAuthText();
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const form = useAppForm({ schema: resetPasswordFormSchema, defaultValues: { password: '', confirmPassword: '' } });

  if (!token) return <UnusableLink reason={t('invalidLink')} />;
  if (linkProblem) return <UnusableLink reason={linkProblem} />;

  return (
    <>
      <h1 className="text-center text-2xl font-semibold text-slate-900">{t('resetPassword.title')}</h1>
      <p className="mt-2 text-center text-slate-700">{t('resetPassword.explanation')}</p>
      <form
        noValidate
        className="mt-6 space-y-4"
        onSubmit={form.handleSubmit(({ password }) => {
          if (resetPassword.isPending) return;
          resetPassword.mutate(
            { token, password },
            {
              onSuccess: () => {
                toast.success(t('resetPassword.success'));
                navigate(paths.login, { replace: true });
              },
              onError: (error) => {
                if (isLinkProblem(error)) setLinkProblem(errorMessage(error));
                else form.showServerError(error);
              },
            },
          );
        })}
      >
        <FormErrorAlert control={form.control} />
        <FormPasswordField
          control={form.control}
          name="password"
          label={t('resetPassword.newPassword')}
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          hint={<PasswordStrengthHint control={form.control} name="password" />}
        />
        <FormPasswordField
          control={form.control}
          name="confirmPassword"
          label={t('resetPassword.confirmNewPassword')}
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <Button type="submit" className="w-full" disabled={resetPassword.isPending}>
          {resetPassword.isPending ? t('resetPassword.busy') : t('resetPassword.submit')}
        </Button>
      </form>
    </>
  );
}

function UnusableLink({ reason }: { reason: string }) {
  const { t } = useAuthText();
  return (
    <div role="alert" className="text-center">
      <h1 className="text-2xl font-semibold text-red-800">{t('unusableLink.title')}</h1>
      <p className="mt-2 text-slate-700">{reason}</p>
      <TextLink to={paths.forgotPassword} className="mt-4 inline-block">
        {t('unusableLink.askAgain')}
      </TextLink>
    </div>
  );
}
