import { type ChangeEvent, type FormEvent, type RefObject, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  type Account,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  ONLY_ADMINS_CHANGE_EMAIL_MESSAGE,
  PHONE_MAX_LENGTH,
  type UpdateProfileInput,
  updateProfileSchema,
} from '../../../../shared/account';
import { TextInputField } from '../../../components/forms/field';
import { type FieldErrors, fieldErrorsFromIssues } from '../../../components/forms/field-errors';
import { ErrorAlert } from '../../../components/ui/alert';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { useUpdateProfile } from '../api/update-profile';
import { useFieldErrors } from '../hooks/use-field-errors';

type ProfileField = 'name' | 'email' | 'phone';
const fieldOrder: readonly ProfileField[] = ['name', 'email', 'phone'];

/** 'Edit Profile': name and phone for everyone; the email address only where `canChangeEmail`. */
export function EditProfileDialog({
  open,
  account,
  canChangeEmail,
  onClose,
}: {
  open: boolean;
  account: Account;
  canChangeEmail: boolean;
  onClose: () => void;
}) {
  const nameRef = useRef<HTMLInputElement>(null);
  const updateProfile = useUpdateProfile();
  return (
    <ModalDialog
      open={open}
      title="Edit Profile"
      initialFocus={nameRef}
      dismissible={!updateProfile.isPending}
      onCancel={onClose}
    >
      <EditProfileForm
        account={account}
        canChangeEmail={canChangeEmail}
        nameRef={nameRef}
        mutation={updateProfile}
        onClose={onClose}
      />
    </ModalDialog>
  );
}

// Mounted only while the dialog is open, so every opening starts from the saved profile.
function EditProfileForm({
  account,
  canChangeEmail,
  nameRef,
  mutation,
  onClose,
}: {
  account: Account;
  canChangeEmail: boolean;
  nameRef: RefObject<HTMLInputElement | null>;
  mutation: ReturnType<typeof useUpdateProfile>;
  onClose: () => void;
}) {
  const [name, setName] = useState(account.name);
  const [email, setEmail] = useState(account.email);
  const [phone, setPhone] = useState(account.phone ?? '');
  const emailRef = useRef<HTMLInputElement>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const { errors, formError, setFormError, showErrors, hasErrors, clearErrors, clearError, showServerError } =
    useFieldErrors(fieldOrder, {
      name: nameRef,
      email: emailRef,
      phone: phoneRef,
    });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);

    const changes: UpdateProfileInput = { name, phone };
    // Only a changed address is sent: an unchanged one is no request to change it.
    if (canChangeEmail && email.trim().toLowerCase() !== account.email.toLowerCase()) changes.email = email;
    const parsed = updateProfileSchema.safeParse(changes);
    const found: FieldErrors<ProfileField> = parsed.success
      ? {}
      : fieldErrorsFromIssues(parsed.error.issues, fieldOrder);
    if (canChangeEmail && !email.trim()) found.email = 'Email is required.';
    if (!parsed.success || hasErrors(found)) {
      showErrors(found);
      return;
    }
    clearErrors();

    mutation.mutate(parsed.data, {
      onSuccess: () => {
        toast.success('Profile updated');
        onClose();
      },
      onError: (error) => {
        showServerError(error, (sentence, code) => {
          if (
            canChangeEmail &&
            (code === 'email_taken' || sentence === ONLY_ADMINS_CHANGE_EMAIL_MESSAGE || /email/i.test(sentence))
          )
            return 'email';
          if (/phone/i.test(sentence)) return 'phone';
          if (/^name\b/i.test(sentence)) return 'name';
          return null;
        });
      },
    });
  }

  function change(field: ProfileField, setValue: (value: string) => void) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      setValue(event.target.value);
      clearError(field);
    };
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="mt-4 space-y-4">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <TextInputField
        ref={nameRef}
        label="Name"
        name="name"
        autoComplete="name"
        required
        maxLength={NAME_MAX_LENGTH}
        value={name}
        error={errors.name}
        onChange={change('name', setName)}
      />
      {canChangeEmail ? (
        <TextInputField
          ref={emailRef}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX_LENGTH}
          value={email}
          error={errors.email}
          onChange={change('email', setEmail)}
        />
      ) : (
        <div>
          <p className="text-sm font-medium text-slate-800">Email</p>
          <p className="mt-1 break-words text-slate-900">{account.email}</p>
          <p className="mt-1 text-sm text-slate-600">{ONLY_ADMINS_CHANGE_EMAIL_MESSAGE}</p>
        </div>
      )}
      <TextInputField
        ref={phoneRef}
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        maxLength={PHONE_MAX_LENGTH}
        value={phone}
        error={errors.phone}
        hint="Optional. Leave it empty to remove your number."
        onChange={change('phone', setPhone)}
      />
      <DialogButtons
        confirmType="submit"
        confirmLabel="Save changes"
        busyLabel="Saving..."
        cancelLabel="Cancel"
        variant="primary"
        busy={mutation.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
