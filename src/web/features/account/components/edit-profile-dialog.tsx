import { type RefObject, useRef } from 'react';
import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  type Account,
  NAME_MAX_LENGTH,
  nameSchema,
  PHONE_MAX_LENGTH,
  phoneSchema,
  type UpdateProfileRequest,
} from '../../../../shared/account';
import { FormErrorAlert, FormTextField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { useAccountText } from '../../../i18n/namespaces/account';
import { useUpdateProfile } from '../api/update-profile';

/** The fields of the API's update-profile request: the address is not one of them, for anyone. */
const profileFormSchema = z
  .object({ name: nameSchema, phone: phoneSchema })
  .transform((changes): UpdateProfileRequest => changes);

/** 'Edit Profile': name and phone; the address is shown, and changes through 'Change email'. */
export function EditProfileDialog({
  open,
  account,
  onClose,
}: {
  open: boolean;
  account: Account;
  onClose: () => void;
}) {
  const { t } = useAccountText();
  const nameRef = useRef<HTMLInputElement>(null);
  const updateProfile = useUpdateProfile();
  return (
    <ModalDialog
      open={open}
      title={t('editProfile.title')}
      initialFocus={nameRef}
      dismissible={!updateProfile.isPending}
      onCancel={onClose}
    >
      <EditProfileForm account={account} nameRef={nameRef} mutation={updateProfile} onClose={onClose} />
    </ModalDialog>
  );
}

// Mounted only while the dialog is open, so every opening starts from the saved profile.
function EditProfileForm({
  account,
  nameRef,
  mutation,
  onClose,
}: {
  account: Account;
  nameRef: RefObject<HTMLInputElement | null>;
  mutation: ReturnType<typeof useUpdateProfile>;
  onClose: () => void;
}) {
  const { t } = useAccountText();
  const form = useAppForm({
    schema: profileFormSchema,
    defaultValues: { name: account.name, phone: account.phone ?? '' },
  });

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={form.handleSubmit((changes) => {
        if (mutation.isPending) return;
        mutation.mutate(changes, {
          onSuccess: () => {
            toast.success(t('editProfile.success'));
            onClose();
          },
          onError: form.showServerError,
        });
      })}
    >
      <FormErrorAlert control={form.control} />
      <FormTextField
        control={form.control}
        name="name"
        ref={nameRef}
        label={t('profile.name')}
        autoComplete="name"
        required
        maxLength={NAME_MAX_LENGTH}
      />
      <div>
        <p className="text-sm font-medium text-slate-800">{t('profile.email')}</p>
        <p className="mt-1 break-words text-slate-900">{account.email}</p>
        <p className="mt-1 text-sm text-slate-600">{t('editProfile.changeEmailHint')}</p>
      </div>
      <FormTextField
        control={form.control}
        name="phone"
        label={t('profile.phone')}
        type="tel"
        autoComplete="tel"
        maxLength={PHONE_MAX_LENGTH}
        hint={t('editProfile.phoneHint')}
      />
      <DialogButtons
        confirmType="submit"
        confirmLabel={t('editProfile.submit')}
        busyLabel={t('saving')}
        cancelLabel={t('cancel')}
        variant="primary"
        busy={mutation.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
