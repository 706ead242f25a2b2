import { useRef } from 'react';
import toast from 'react-hot-toast';
import { changeEmailSchema } from '../../../../shared/account-lifecycle';
import { PASSWORD_MAX_LENGTH } from '../../../../shared/account';
import { FormErrorAlert, FormPasswordField, FormTextField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { useChangeEmail } from '../api/change-email';
import { useSignInMethods } from '../api/get-sign-in-methods';
import { OwnerProofField } from './owner-proof';

/** 'Change email': the new address and the current password; a link goes to the new address. */
export function ChangeEmailDialog({
  open,
  audience,
  onClose,
}: {
  open: boolean;
  audience: 'student' | 'admin';
  onClose: () => void;
}) {
  const emailRef = useRef<HTMLInputElement>(null);
  const changeEmail = useChangeEmail();
  return (
    <ModalDialog
      open={open}
      title="Change email"
      description="We will send a link to the new address. Your email changes once you open it."
      initialFocus={emailRef}
      dismissible={!changeEmail.isPending}
      onCancel={onClose}
    >
      <ChangeEmailForm mutation={changeEmail} audience={audience} onClose={onClose} emailRef={emailRef} />
    </ModalDialog>
  );
}

function ChangeEmailForm({
  mutation,
  audience,
  onClose,
  emailRef,
}: {
  mutation: ReturnType<typeof useChangeEmail>;
  audience: 'student' | 'admin';
  onClose: () => void;
  emailRef: React.RefObject<HTMLInputElement | null>;
}) {
  const { data: methods } = useSignInMethods();
  const form = useAppForm({ schema: changeEmailSchema, defaultValues: { newEmail: '', currentPassword: '' } });
  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={form.handleSubmit((request) => {
        if (mutation.isPending) return;
        mutation.mutate(request, {
          onSuccess: ({ pendingEmail }) => {
            toast.success(`We sent a confirmation link to ${pendingEmail}.`);
            onClose();
          },
          onError: form.showServerError,
        });
      })}
    >
      <FormErrorAlert control={form.control} />
      <FormTextField
        control={form.control}
        name="newEmail"
        ref={emailRef}
        label="New email"
        type="email"
        autoComplete="email"
        aria-required="true"
      />
      <OwnerProofField
        methods={methods}
        audience={audience}
        passwordField={
          <FormPasswordField
            control={form.control}
            name="currentPassword"
            label="Current password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
          />
        }
      />
      <DialogButtons
        confirmType="submit"
        confirmLabel="Send confirmation link"
        busyLabel="Sending..."
        cancelLabel="Cancel"
        variant="primary"
        busy={mutation.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
