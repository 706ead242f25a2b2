import { type ChangeEvent, type FormEvent, type RefObject, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  changePasswordSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '../../../../shared/account';
import { type FieldErrors, fieldErrorsFromIssues } from '../../../components/forms/field-errors';
import { PasswordField } from '../../../components/forms/password-field';
import { ErrorAlert } from '../../../components/ui/alert';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { useChangePassword } from '../api/change-password';
import { useFieldErrors } from '../hooks/use-field-errors';

type PasswordFormField = 'currentPassword' | 'newPassword' | 'confirmPassword';
const fieldOrder: readonly PasswordFormField[] = ['currentPassword', 'newPassword', 'confirmPassword'];

export const PASSWORD_UPDATED_MESSAGE = 'Password updated. You were signed out everywhere else.';

/** 'Update Password': the current password, then the new one twice. */
export function UpdatePasswordDialog({ open, email, onClose }: { open: boolean; email: string; onClose: () => void }) {
  const currentRef = useRef<HTMLInputElement>(null);
  const changePassword = useChangePassword();
  return (
    <ModalDialog
      open={open}
      title="Update Password"
      description="Your other signed-in devices and browsers will be signed out."
      initialFocus={currentRef}
      dismissible={!changePassword.isPending}
      onCancel={onClose}
    >
      <UpdatePasswordForm email={email} currentRef={currentRef} mutation={changePassword} onClose={onClose} />
    </ModalDialog>
  );
}

// Mounted only while the dialog is open, so no password outlives the dialog.
function UpdatePasswordForm({
  email,
  currentRef,
  mutation,
  onClose,
}: {
  email: string;
  currentRef: RefObject<HTMLInputElement | null>;
  mutation: ReturnType<typeof useChangePassword>;
  onClose: () => void;
}) {
  const [values, setValues] = useState<Record<PasswordFormField, string>>({
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const newRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const { errors, formError, setFormError, showErrors, hasErrors, clearErrors, clearError, showServerError } =
    useFieldErrors(fieldOrder, {
      currentPassword: currentRef,
      newPassword: newRef,
      confirmPassword: confirmRef,
    });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);

    const parsed = changePasswordSchema.safeParse({
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    const found: FieldErrors<PasswordFormField> = parsed.success
      ? {}
      : fieldErrorsFromIssues(parsed.error.issues, fieldOrder);
    if (!values.confirmPassword) found.confirmPassword = 'Please confirm your new password.';
    else if (values.confirmPassword !== values.newPassword) found.confirmPassword = 'The new passwords do not match.';
    if (!parsed.success || hasErrors(found)) {
      showErrors(found);
      return;
    }
    clearErrors();

    mutation.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(PASSWORD_UPDATED_MESSAGE);
        onClose();
      },
      onError: (error) => {
        showServerError(error, (sentence, code) => {
          if (
            code === 'invalid_credentials' ||
            sentence === WRONG_CURRENT_PASSWORD_MESSAGE ||
            /^current password/i.test(sentence)
          )
            return 'currentPassword';
          if (/password/i.test(sentence) && code === 'validation_error') return 'newPassword';
          return null;
        });
      },
    });
  }

  function change(field: PasswordFormField) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      clearError(field);
    };
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="mt-4 space-y-4">
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <PasswordField
        ref={currentRef}
        label="Current password"
        name="currentPassword"
        autoComplete="current-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={change('currentPassword')}
      />
      <PasswordField
        ref={newRef}
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        value={values.newPassword}
        error={errors.newPassword}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        onChange={change('newPassword')}
      />
      <PasswordField
        ref={confirmRef}
        label="Confirm new password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX_LENGTH}
        value={values.confirmPassword}
        error={errors.confirmPassword}
        onChange={change('confirmPassword')}
      />
      <DialogButtons
        confirmType="submit"
        confirmLabel="Update Password"
        busyLabel="Updating..."
        cancelLabel="Cancel"
        variant="primary"
        busy={mutation.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
