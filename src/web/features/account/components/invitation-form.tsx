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
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useAcceptInvitation } from '../api/accept-invitation';

const INVALID_LINK_MESSAGE = 'Your link is not valid';

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
  const navigate = useNavigate();
  const acceptInvitation = useAcceptInvitation();
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const form = useAppForm({ schema: invitationFormSchema, defaultValues: { password: '', confirmPassword: '' } });

  if (!userId || !secret) return <UnusableLink reason={INVALID_LINK_MESSAGE} />;
  if (linkProblem) return <UnusableLink reason={linkProblem} />;

  const link = { userId, secret };

  return (
    <>
      <h1 className="text-center text-2xl font-semibold text-slate-900">Choose your password</h1>
      <p className="mt-2 text-center text-slate-700">
        An administrator created an account for you. Choose a password to start using it.
      </p>
      <form
        noValidate
        className="mt-6 space-y-4"
        onSubmit={form.handleSubmit(({ password }) => {
          if (acceptInvitation.isPending) return;
          acceptInvitation.mutate(
            { ...link, password },
            {
              onSuccess: (account) => {
                toast.success('Welcome! Your password is set.');
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
          label="Password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          hint={<PasswordStrengthHint control={form.control} name="password" />}
        />
        <FormPasswordField
          control={form.control}
          name="confirmPassword"
          label="Confirm password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <Button type="submit" className="w-full" disabled={acceptInvitation.isPending}>
          {acceptInvitation.isPending ? 'Saving...' : 'Set password'}
        </Button>
      </form>
    </>
  );
}

function UnusableLink({ reason }: { reason: string }) {
  return (
    <div role="alert" className="text-center">
      <h1 className="text-2xl font-semibold text-red-800">This invitation cannot be used</h1>
      <p className="mt-2 text-slate-700">{reason}</p>
      <p className="mt-2 text-slate-700">
        If you already chose a password, log in with it. Otherwise ask an administrator for a new invitation.
      </p>
      <TextLink to={paths.login} className="mt-4 inline-block">
        Go to the login page
      </TextLink>
    </div>
  );
}
