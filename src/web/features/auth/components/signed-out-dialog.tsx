import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useRef } from 'react';
import { loginRequestSchema } from '../../../../shared/account';
import { FormErrorAlert, FormPasswordField, FormTextField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { paths } from '../../../config/paths';
import { sessionQueryKey, useAccount } from '../../../lib/session';
import { clearSignedOut, useSignedOut } from '../../../lib/signed-out';
import { useAuthText } from '../../../i18n/namespaces/auth';
import { login } from '../api/login';

/**
 * The one answer to a session that ended while a page was open (a 401 from any request):
 * log in again right here, over the page, so whatever was typed stays where it was. Only for
 * someone the app believed signed in; a logged-out visitor never sees it.
 */
export function SignedOutDialog() {
  const { t } = useAuthText();
  const signedOut = useSignedOut();
  const { account } = useAccount();
  const passwordRef = useRef<HTMLInputElement>(null);
  const open = signedOut && Boolean(account);

  return (
    <ModalDialog
      open={open}
      title={t('signedOut.title')}
      description={<p>{t('signedOut.description')}</p>}
      initialFocus={passwordRef}
      onCancel={clearSignedOut}
    >
      {open && account && <LogInAgainForm email={account.email} accountId={account.id} passwordRef={passwordRef} />}
    </ModalDialog>
  );
}

function LogInAgainForm({
  email,
  accountId,
  passwordRef,
}: {
  email: string;
  accountId: string;
  passwordRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useAuthText();
  const queryClient = useQueryClient();
  const form = useAppForm({ schema: loginRequestSchema, defaultValues: { email, password: '' } });
  const logIn = useMutation({
    mutationFn: login,
    onSuccess: async (session) => {
      if (session.account.id !== accountId) {
        // Someone else logged in: nothing on this page is theirs.
        window.location.assign('/');
        return;
      }
      if (session.secondFactorStep) {
        // The second factor comes first; the page it opens brings the reader back here.
        const next = window.location.pathname + window.location.search;
        window.location.assign(`${paths.secondFactor}?${new URLSearchParams({ next }).toString()}`);
        return;
      }
      queryClient.setQueryData(sessionQueryKey, session);
      clearSignedOut();
      // Refetched in the background: what is on screen (and any form) stays as it is.
      await queryClient.invalidateQueries();
    },
    onError: form.showServerError,
  });

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={form.handleSubmit((request) => {
        if (!logIn.isPending) logIn.mutate(request);
      })}
    >
      <FormErrorAlert control={form.control} />
      <FormTextField
        control={form.control}
        name="email"
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        required
      />
      <FormPasswordField
        control={form.control}
        name="password"
        ref={passwordRef}
        label={t('fields.password')}
        autoComplete="current-password"
        required
      />
      <DialogButtons
        confirmType="submit"
        confirmLabel={t('signedOut.logIn')}
        busyLabel={t('login.busy')}
        cancelLabel={t('signedOut.notNow')}
        variant="primary"
        busy={logIn.isPending}
        onCancel={clearSignedOut}
      />
    </form>
  );
}
