import { useRef } from 'react';
import toast from 'react-hot-toast';
import { changeEmailSchema } from '../../../../shared/account-lifecycle';
import { PASSWORD_MAX_LENGTH } from '../../../../shared/account';
import { FormErrorAlert, FormPasswordField, FormTextField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { useAccountText } from '../../../i18n/namespaces/account';
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
  const { t } = useAccountText();
  const emailRef = useRef<HTMLInputElement>(null);
  const changeEmail = useChangeEmail();
  return (
    <ModalDialog
      open={open}
      title={t('changeEmail.title')}
      description={t('changeEmail.description')}
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
  const { t } = useAccountText();
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
            toast.success(t('changeEmail.sent', { email: pendingEmail }));
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
        label={t('changeEmail.newEmail')}
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
            label={t('currentPassword')}
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
          />
        }
      />
      <DialogButtons
        confirmType="submit"
        confirmLabel={t('changeEmail.submit')}
        busyLabel={t('changeEmail.busy')}
        cancelLabel={t('cancel')}
        variant="primary"
        busy={mutation.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
