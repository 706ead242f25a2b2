import toast from 'react-hot-toast';
import type { AdminUser } from '../../../../shared/users';
import { Button } from '../../../components/ui/button';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { formatDateTime } from '../../../i18n/format';
import { useUsersText } from '../../../i18n/namespaces/users';
import { errorMessage } from '../../../lib/api-client';
import { useUnlinkUserIdentity, useUserIdentities } from '../api/user-identities';

/**
 * 'University sign-ins' of an account: an administrator unlinks one (an identity someone else
 * linked, say). Every session of the account ends; its owner still has the password, or
 * "Forgot password?".
 */
export function UserIdentitiesDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useUsersText();
  const identities = useUserIdentities(user?.id);
  const unlink = useUnlinkUserIdentity();
  const list = identities.data?.identities ?? [];
  return (
    <ModalDialog
      open={user !== null}
      title={t('identities.title', { name: user?.name ?? '' })}
      description={t('identities.explanation')}
      dismissible={!unlink.isPending}
      onCancel={onClose}
    >
      {identities.data && list.length === 0 && <p className="mt-4 text-sm text-slate-700">{t('identities.none')}</p>}
      {identities.isError && (
        <p role="alert" className="mt-4 text-red-800">
          {errorMessage(identities.error)}
        </p>
      )}
      <ul className="mt-4 divide-y divide-slate-100">
        {list.map((identity) => (
          <li key={identity.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-medium break-words text-slate-900">{identity.provider}</p>
              <p className="text-sm break-words text-slate-600">
                {t('identities.details', { email: identity.email ?? '', linkedAt: formatDateTime(identity.linkedAt) })}
              </p>
            </div>
            <Button
              variant="danger"
              disabled={unlink.isPending}
              onClick={() =>
                user &&
                unlink.mutate(
                  { userId: user.id, identityId: identity.id },
                  {
                    onSuccess: () => toast.success(t('identities.unlinked')),
                    onError: (error) => toast.error(errorMessage(error)),
                  },
                )
              }
            >
              {t('identities.unlink')}
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex justify-end">
        <Button variant="secondary" disabled={unlink.isPending} onClick={onClose}>
          {t('identities.close')}
        </Button>
      </div>
    </ModalDialog>
  );
}
