import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { PASSWORD_MAX_LENGTH } from '../../../../shared/account';
import { type LinkedIdentity, unlinkIdentitySchema } from '../../../../shared/campus-sign-in';
import { FormErrorAlert, FormPasswordField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button } from '../../../components/ui/button';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { formatDateTime } from '../../../i18n/format';
import { useAccountText } from '../../../i18n/namespaces/account';
import { useAccountIdentities } from '../api/get-identities';
import { useSignInMethods } from '../api/get-sign-in-methods';
import { useUnlinkIdentity } from '../api/unlink-identity';
import { OwnerProofField } from './owner-proof';

/**
 * 'University sign-ins': the university accounts that can sign in to this one, each with
 * 'Unlink' (the password or a fresh campus sign-in proves the owner). The last way into an
 * account without a password is not offered for unlinking.
 */
export function IdentitiesSection({ audience }: { audience: 'student' | 'admin' }) {
  const { t } = useAccountText();
  const headingId = useId();
  const { data } = useAccountIdentities();
  const { data: methods } = useSignInMethods();
  const [unlinking, setUnlinking] = useState<LinkedIdentity | null>(null);
  const identities = data?.identities ?? [];
  const lastWayIn = methods?.hasPassword === false && identities.length <= 1;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('identities.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('identities.explanation')}</p>
      {data && identities.length === 0 && <p className="mt-3 text-sm text-slate-600">{t('identities.none')}</p>}
      <ul className="mt-4 divide-y divide-slate-100">
        {identities.map((identity) => (
          <li key={identity.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">{identity.provider}</p>
              <p className="text-sm break-words text-slate-600">
                {t('identities.details', {
                  email: identity.email ?? '',
                  linkedAt: formatDateTime(identity.linkedAt),
                  lastUsedAt: formatDateTime(identity.lastUsedAt),
                })}
              </p>
            </div>
            {lastWayIn ? (
              <p className="text-sm text-slate-600 sm:max-w-xs">{t('identities.lastWayIn')}</p>
            ) : (
              <Button variant="secondary" onClick={() => setUnlinking(identity)}>
                {t('identities.unlink')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {unlinking && <UnlinkDialog identity={unlinking} audience={audience} onClose={() => setUnlinking(null)} />}
    </section>
  );
}

function UnlinkDialog({
  identity,
  audience,
  onClose,
}: {
  identity: LinkedIdentity;
  audience: 'student' | 'admin';
  onClose: () => void;
}) {
  const { t } = useAccountText();
  const unlink = useUnlinkIdentity();
  const { data: methods } = useSignInMethods();
  const form = useAppForm({ schema: unlinkIdentitySchema, defaultValues: { currentPassword: '' } });
  return (
    <ModalDialog
      open
      role="alertdialog"
      title={t('identities.unlinkTitle', { provider: identity.provider })}
      description={t('identities.unlinkDescription')}
      dismissible={!unlink.isPending}
      onCancel={onClose}
    >
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={form.handleSubmit((proof) => {
          if (unlink.isPending) return;
          unlink.mutate(
            { identityId: identity.id, ...proof },
            {
              onSuccess: () => {
                toast.success(t('identities.unlinked'));
                onClose();
              },
              onError: form.showServerError,
            },
          );
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
              label={t('currentPassword')}
              autoComplete="current-password"
              required
              maxLength={PASSWORD_MAX_LENGTH}
            />
          }
        />
        <DialogButtons
          confirmType="submit"
          confirmLabel={t('identities.unlink')}
          busyLabel={t('identities.busy')}
          cancelLabel={t('cancel')}
          variant="danger"
          busy={unlink.isPending}
          onCancel={onClose}
        />
      </form>
    </ModalDialog>
  );
}
