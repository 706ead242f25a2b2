import { useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { acceptInvitationSchema, PASSWORD_MAX_LENGTH } from '../../../../shared/account';
import { FormErrorAlert, FormPasswordField } from '../../../components/forms/form-fields';
import { PasswordStrengthHint } from '../../../components/forms/password-strength-hint';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { useAccountText } from '../../../i18n/namespaces/account';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useAcceptInvitation } from '../api/accept-invitation';

/** The password of the API's request, and typed again, which only this form checks. */
const invitationFormSchema = z
  .object({ password: acceptInvitationSchema.shape.password, confirmPassword: z.string() })
  .superRefine(({ password, confirmPassword }, context) => {
    if (!confirmPassword)
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Please confirm your password.' });
    else if (confirmPassword !== password)
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'The passwords do not match.' });
  });

/** Whether a refusal is about the link itself (unknown, used, expired or malformed), not the password. */
function isLinkProblem(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  return (
    error.code.startsWith('verification_') || error.fields.some(({ path }) => path === 'userId' || path === 'secret')
  );
}

/**
 * An administrator's invitation: the new user chooses a password, is signed in and goes to
 * their dashboard. A link that cannot be used says why and points to the login page.
 */
export function InvitationForm({ userId, secret }: { userId: string | null; secret: string | null }) {
  const { t } = useAccountText();
  const navigate = useNavigate();
  const acceptInvitation = useAcceptInvitation();
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const form = useAppForm({ schema: invitationFormSchema, defaultValues: { password: '', confirmPassword: '' } });

  if (!userId || !secret) return <UnusableLink reason={t('invalidLink')} />;
  if (linkProblem) return <UnusableLink reason={linkProblem} />;

  const link = { userId, secret };

  return (
    <>
      <h1 className="text-center text-2xl font-semibold text-slate-900">{t('invitation.title')}</h1>
      <p className="mt-2 text-center text-slate-700">{t('invitation.explanation')}</p>
      <form
        noValidate
        className="mt-6 space-y-4"
        onSubmit={form.handleSubmit(({ password }) => {
          if (acceptInvitation.isPending) return;
          acceptInvitation.mutate(
            { ...link, password },
            {
              onSuccess: (account) => {
                toast.success(t('invitation.success'));
                if (!account) navigate(paths.login, { replace: true });
                else navigate(account.role === 'admin' ? paths.admin.root : paths.user.dashboard, { replace: true });
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
          label={t('invitation.password')}
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          hint={<PasswordStrengthHint control={form.control} name="password" />}
        />
        <FormPasswordField
          control={form.control}
          name="confirmPassword"
          label={t('invitation.confirmPassword')}
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <Button type="submit" className="w-full" disabled={acceptInvitation.isPending}>
          {acceptInvitation.isPending ? t('saving') : t('invitation.submit')}
        </Button>
      </form>
    </>
  );
}

function UnusableLink({ reason }: { reason: string }) {
  const { t } = useAccountText();
  return (
    <div role="alert" className="text-center">
      <h1 className="text-2xl font-semibold text-red-800">{t('invitation.unusable')}</h1>
      <p className="mt-2 text-slate-700">{reason}</p>
      <p className="mt-2 text-slate-700">{t('invitation.unusableHelp')}</p>
      <TextLink to={paths.login} className="mt-4 inline-block">
        {t('goToLogin')}
      </TextLink>
    </div>
  );
}
