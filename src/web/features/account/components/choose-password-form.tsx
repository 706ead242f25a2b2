import toast from 'react-hot-toast';
import type { Role } from '../../../../shared/account';
import { useNavigate } from 'react-router';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button } from '../../../components/ui/button';
import { useAccountText } from '../../../i18n/namespaces/account';
import { useChangePassword } from '../api/change-password';
import { PasswordChangeFields, updatePasswordFormSchema } from './update-password-dialog';

/**
 * After signing in with a password someone else handed over (the generated first admin's, or
 * one an administrator was shown by Add User): the user chooses their own, then goes on to
 * `next`, where they were going.
 */
export function ChoosePasswordForm({ email, role, next }: { email: string; role: Role; next: string }) {
  const { t } = useAccountText();
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
            toast.success(t('choosePassword.success'));
            navigate(next, { replace: true });
          },
          onError: form.showServerError,
        });
      })}
    >
      <PasswordChangeFields
        control={form.control}
        email={email}
        role={role}
        currentLabel={t('choosePassword.givenPassword')}
      />
      <Button type="submit" className="w-full" disabled={changePassword.isPending}>
        {changePassword.isPending ? t('saving') : t('choosePassword.submit')}
      </Button>
    </form>
  );
}
