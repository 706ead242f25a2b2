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
import { useDeleteAccount } from '../api/delete-account';
import { useSignInMethods } from '../api/get-sign-in-methods';
import { OwnerProofField } from './owner-proof';

/** 'Your data': download everything the site holds about the account, or delete the account. */
export function LeaveSection({ email, audience }: { email: string; audience: 'student' | 'admin' }) {
  const headingId = useId();
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Your data
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Download everything we hold about your account as a JSON file, or delete your account with your reviews.
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {/* A plain download: the browser saves the file the API answers with. */}
        <a href={apiPaths.accountData} download className={buttonClasses('secondary')}>
          Download my data
        </a>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          Delete my account
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
  const passwordRef = useRef<HTMLInputElement>(null);
  const deleteAccount = useDeleteAccount();
  return (
    <ModalDialog
      open={open}
      role="alertdialog"
      title="Delete my account"
      description="Your account, your sessions and your reviews are removed for good. Tutors you suggested stay without your name. This cannot be undone."
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
            toast.success('Your account has been deleted.');
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
            label="Current password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX_LENGTH}
          />
        }
      />
      <FormTextField
        control={form.control}
        name="confirmEmail"
        label={`Type ${email} to confirm`}
        type="email"
        autoComplete="off"
        aria-required="true"
      />
      <DialogButtons
        confirmType="submit"
        confirmLabel="Delete my account"
        busyLabel="Deleting..."
        cancelLabel="Cancel"
        variant="danger"
        busy={mutation.isPending}
        onCancel={onClose}
      />
    </form>
  );
}
