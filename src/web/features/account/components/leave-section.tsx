import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { deleteAccountSchema } from '../../../../shared/account-lifecycle';
import { apiPaths } from '../../../../shared/api-paths';
import { PASSWORD_MAX_LENGTH } from '../../../../shared/account';
import { FormErrorAlert, FormPasswordField, FormTextField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button, buttonClasses } from '../../../components/ui/button';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { paths } from '../../../config/paths';
import { useAccountText } from '../../../i18n/namespaces/account';
import { useDeleteAccount } from '../api/delete-account';
import { useSignInMethods } from '../api/get-sign-in-methods';
import { OwnerProofField } from './owner-proof';

/** 'Your data': download everything the site holds about the account, or delete the account. */
export function LeaveSection({ email, audience }: { email: string; audience: 'student' | 'admin' }) {
  const { t } = useAccountText();
  const headingId = useId();
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('leave.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('leave.explanation')}</p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {/* A plain download: the browser saves the file the API answers with. */}
        <a href={apiPaths.accountData} download className={buttonClasses('secondary')}>
          {t('leave.download')}
        </a>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          {t('leave.delete')}
        </Button>
      </div>
      <DeleteAccountDialog open={deleting} email={email} audience={audience} onClose={() => setDeleting(false)} />
    </section>
  );
}

function DeleteAccountDialog({
  open,
  email,
  audience,
  onClose,
}: {
  open: boolean;
  email: string;
  audience: 'student' | 'admin';
  onClose: () => void;
}) {
  const { t } = useAccountText();
  const passwordRef = useRef<HTMLInputElement>(null);
  const deleteAccount = useDeleteAccount();
  return (
    <ModalDialog
      open={open}
      role="alertdialog"
      title={t('leave.delete')}
      description={t('leave.deleteDescription')}
      initialFocus={passwordRef}
      dismissible={!deleteAccount.isPending}
      onCancel={onClose}
    >
      <DeleteAccountForm
        email={email}
        audience={audience}
        passwordRef={passwordRef}
        mutation={deleteAccount}
        onClose={onClose}
      />
    </ModalDialog>
  );
}

function DeleteAccountForm({
  email,
  audience,
  passwordRef,
  mutation,
  onClose,
}: {
  email: string;
  audience: 'student' | 'admin';
  passwordRef: React.RefObject<HTMLInputElement | null>;
  mutation: ReturnType<typeof useDeleteAccount>;
  onClose: () => void;
}) {
  const { t } = useAccountText();
  const navigate = useNavigate();
  const { data: methods } = useSignInMethods();
  const form = useAppForm({ schema: deleteAccountSchema, defaultValues: { currentPassword: '', confirmEmail: '' } });
  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={form.handleSubmit((request) => {
        if (mutation.isPending) return;
        mutation.mutate(request, {
          onSuccess: () => {
            toast.success(t('leave.deleted'));
            navigate(paths.home, { replace: true });
          },
          onError: form.showServerError,
        });
      })}
    >
      <FormErrorAlert control={form.control} />
      <OwnerProofField
        methods={methods}
        audience={audience}
        passwordField={
          <FormPasswordField
            control={form.control}
            name="currentPassword"
            ref={passwordRef}
            label={t('currentPassword')}
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
          />
        }
      />
      <FormTextField
        control={form.control}
        name="confirmEmail"
        label={t('leave.typeEmail', { email })}
        type="email"
        autoComplete="off"
        aria-required="true"
      />
      <DialogButtons
        confirmType="submit"
        confirmLabel={t('leave.delete')}
        busyLabel={t('leave.deleting')}
        cancelLabel={t('cancel')}
        variant="danger"
        busy={mutation.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
