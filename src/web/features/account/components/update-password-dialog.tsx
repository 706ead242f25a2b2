import { type Ref, type RefObject, useRef } from 'react';
import type { Control } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { changePasswordSchema, PASSWORD_MAX_LENGTH, type Role } from '../../../../shared/account';
import { FormErrorAlert, FormPasswordField } from '../../../components/forms/form-fields';
import { PasswordStrengthHint } from '../../../components/forms/password-strength-hint';
import { useAppForm } from '../../../components/forms/use-app-form';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { useAccountText } from '../../../i18n/namespaces/account';
import { useChangePassword } from '../api/change-password';

/** The API's request, and the new password typed twice, which only this form checks. */
export const updatePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .superRefine(({ newPassword, confirmPassword }, context) => {
    if (!confirmPassword)
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'Please confirm your new password.' });
    else if (confirmPassword !== newPassword)
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'The new passwords do not match.' });
  })
  .transform(({ currentPassword, newPassword }) => ({ currentPassword, newPassword }));

/**
 * The password a user was given or has, then the new one twice: the fields of every form that
 * changes a password (Update Password, and choosing one's own after a one-time password).
 */
export function PasswordChangeFields({
  control,
  email,
  role,
  currentLabel,
  currentRef,
}: {
  control: Control<z.input<typeof updatePasswordFormSchema>, unknown, z.output<typeof updatePasswordFormSchema>>;
  email: string;
  /** Whose password: an administrator's must be harder to guess. */
  role: Role;
  currentLabel: string;
  currentRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useAccountText();
  return (
    <>
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormErrorAlert control={control} />
      <FormPasswordField
        control={control}
        name="currentPassword"
        ref={currentRef}
        label={currentLabel}
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
      />
      <FormPasswordField
        control={control}
        name="newPassword"
        label={t('updatePassword.newPassword')}
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        hint={<PasswordStrengthHint control={control} name="newPassword" userInputs={[email]} role={role} />}
      />
      <FormPasswordField
        control={control}
        name="confirmPassword"
        label={t('updatePassword.confirmNewPassword')}
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
      />
    </>
  );
}

/** 'Update Password': the current password, then the new one twice. */
export function UpdatePasswordDialog({
  open,
  email,
  role,
  onClose,
}: {
  open: boolean;
  email: string;
  role: Role;
  onClose: () => void;
}) {
  const { t } = useAccountText();
  const currentRef = useRef<HTMLInputElement>(null);
  const changePassword = useChangePassword();
  return (
    <ModalDialog
      open={open}
      title={t('updatePassword.title')}
      description={t('updatePassword.description')}
      initialFocus={currentRef}
      dismissible={!changePassword.isPending}
      onCancel={onClose}
    >
      <UpdatePasswordForm
        email={email}
        role={role}
        currentRef={currentRef}
        mutation={changePassword}
        onClose={onClose}
      />
    </ModalDialog>
  );
}

// Mounted only while the dialog is open, so no password outlives the dialog.
function UpdatePasswordForm({
  email,
  role,
  currentRef,
  mutation,
  onClose,
}: {
  email: string;
  role: Role;
  currentRef: RefObject<HTMLInputElement | null>;
  mutation: ReturnType<typeof useChangePassword>;
  onClose: () => void;
}) {
  const { t } = useAccountText();
  const form = useAppForm({
    schema: updatePasswordFormSchema,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={form.handleSubmit((request) => {
        if (mutation.isPending) return;
        mutation.mutate(request, {
          onSuccess: () => {
            toast.success(t('updatePassword.success'));
            onClose();
          },
          onError: form.showServerError,
        });
      })}
    >
      <PasswordChangeFields
        control={form.control}
        email={email}
        role={role}
        currentLabel={t('currentPassword')}
        currentRef={currentRef}
      />
      <DialogButtons
        confirmType="submit"
        confirmLabel={t('updatePassword.title')}
        busyLabel={t('updatePassword.busy')}
        cancelLabel={t('cancel')}
        variant="primary"
        busy={mutation.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
