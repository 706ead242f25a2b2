import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../../shared/account';
import { FormErrorAlert, FormPasswordField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button } from '../../../components/ui/button';
import { useChangePassword } from '../api/change-password';
import { updatePasswordFormSchema } from './update-password-dialog';

/**
 * After signing in with a password someone else handed over (the generated first admin's, or
 * one an administrator was shown by Add User): the user chooses their own, then goes on to
 * `next`, where they were going.
 */
export function ChoosePasswordForm({ email, next }: { email: string; next: string }) {
  const navigate = useNavigate();
  const changePassword = useChangePassword();
  const form = useAppForm({
    schema: updatePasswordFormSchema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((request) => {
        if (changePassword.isPending) return;
        changePassword.mutate(request, {
          onSuccess: () => {
            toast.success('Your password is set.');
            navigate(next, { replace: true });
          },
          onError: form.showServerError,
        });
      })}
    >
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormErrorAlert control={form.control} />
      <FormPasswordField
        control={form.control}
        name="currentPassword"
        label="Password you were given"
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
      />
      <FormPasswordField
        control={form.control}
        name="newPassword"
        label="New password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <FormPasswordField
        control={form.control}
        name="confirmPassword"
        label="Confirm new password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
      />
      <Button type="submit" className="w-full" disabled={changePassword.isPending}>
        {changePassword.isPending ? 'Saving...' : 'Save password'}
      </Button>
    </form>
  );
}
