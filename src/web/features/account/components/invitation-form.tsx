import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { newPasswordSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../shared/account';
import type { FieldErrors } from '../../../components/forms/field-errors';
import { PasswordField } from '../../../components/forms/password-field';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useFieldErrors } from '../hooks/use-field-errors';

const INVALID_LINK_MESSAGE = 'Your link is not valid';

type InvitationField = 'password' | 'confirmPassword';
const fieldOrder: readonly InvitationField[] = ['password', 'confirmPassword'];

/** Whether a refusal is about the link itself (unknown, used or expired), not the password. */
function isLinkProblem(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  return error.code.startsWith('verification_') || error.message.includes(INVALID_LINK_MESSAGE);
}

/**
 * An administrator's invitation: the new user chooses a password, is signed in and goes to
 * their dashboard. A link that cannot be used says why and points to the login page.
 */
export function InvitationForm({ userId, secret }: { userId: string | null; secret: string | null }) {
  const navigate = useNavigate();
  const acceptInvitation = useAcceptInvitation();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const { errors, formError, setFormError, showErrors, hasErrors, clearErrors, clearError } = useFieldErrors(
    fieldOrder,
    {
      password: passwordRef,
      confirmPassword: confirmRef,
    },
  );

  if (!userId || !secret) return <UnusableLink reason={INVALID_LINK_MESSAGE} />;
  if (linkProblem) return <UnusableLink reason={linkProblem} />;

  const link = { userId, secret };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (acceptInvitation.isPending) return;
    setFormError(null);

    const parsed = newPasswordSchema.safeParse(password);
    const found: FieldErrors<InvitationField> = {};
    if (!parsed.success) found.password = parsed.error.issues[0]?.message ?? 'Password is required.';
    if (!confirmPassword) found.confirmPassword = 'Please confirm your password.';
    else if (confirmPassword !== password) found.confirmPassword = 'The passwords do not match.';
    if (!parsed.success || hasErrors(found)) {
      showErrors(found);
      return;
    }
    clearErrors();

    acceptInvitation.mutate(
      { ...link, password: parsed.data },
      {
        onSuccess: (account) => {
          toast.success('Welcome! Your password is set.');
          if (!account) navigate(paths.login, { replace: true });
          else navigate(account.role === 'admin' ? paths.admin.root : paths.user.dashboard, { replace: true });
        },
        onError: (error) => {
          if (isLinkProblem(error)) setLinkProblem(errorMessage(error));
          else if (
            error instanceof ApiRequestError &&
            error.code === 'validation_error' &&
            /password/i.test(error.message)
          ) {
            showErrors({ password: error.message });
          } else setFormError(errorMessage(error));
        },
      },
    );
  }

  function change(field: InvitationField, setValue: (value: string) => void) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      setValue(event.target.value);
      clearError(field);
    };
  }

  return (
    <>
      <h1 className="text-center text-2xl font-bold text-slate-900">Choose your password</h1>
      <p className="mt-2 text-center text-slate-700">
        An administrator created an account for you. Choose a password to start using it.
      </p>
      <form noValidate onSubmit={handleSubmit} className="mt-6 space-y-4">
        {formError && <ErrorAlert>{formError}</ErrorAlert>}
        <PasswordField
          ref={passwordRef}
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          value={password}
          error={errors.password}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          onChange={change('password', setPassword)}
        />
        <PasswordField
          ref={confirmRef}
          label="Confirm password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          maxLength={PASSWORD_MAX_LENGTH}
          value={confirmPassword}
          error={errors.confirmPassword}
          onChange={change('confirmPassword', setConfirmPassword)}
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
      <h1 className="text-2xl font-bold text-red-800">This invitation cannot be used</h1>
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
