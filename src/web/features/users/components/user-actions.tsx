import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { AdminUser, UpdateUserRequest } from '../../../../shared/users';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { usersText, useUsersText } from '../../../i18n/namespaces/users';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteUser } from '../api/delete-user';
import { useDisableUser } from '../api/disable-user';
import { useEnableUser } from '../api/enable-user';
import { useSendPasswordReset } from '../api/send-password-reset';
import { useUpdateUser } from '../api/update-user';
import { EditUserDialog } from './edit-user-dialog';
import { UserIdentitiesDialog } from './user-identities-dialog';

/**
 * What Delete does, in words: the account and its sessions go; its reviews go with it (and the
 * tutors they rated are re-rated); the tutors it submitted stay, with no submitter.
 */
function deletionText(user: AdminUser): string[] {
  return [
    usersText('actions.deleteAccount', { email: user.email }),
    user.reviewCount === 0
      ? usersText('actions.noReviews')
      : usersText('actions.reviewsDeleted', { count: user.reviewCount }),
    user.submittedTutorCount === 0
      ? usersText('actions.noTutors')
      : usersText('actions.tutorsStay', { count: user.submittedTutorCount }),
  ];
}

type ConfirmRequest = { action: 'disable' | 'delete'; user: AdminUser };

export interface UserActionOptions {
  /** Whether the account, as the server now describes it, still belongs in the list on screen. */
  stillListed: (user: AdminUser) => boolean;
  /** Where focus goes when the account's row leaves the list with the button that was used. */
  focusTop: () => void;
}

/**
 * Edit, Disable, Enable and Delete for the Users page, with their dialogs and toasts. The page
 * hosts it once: the dialogs outlive a row that leaves the list when the refetch after an
 * action arrives, so the outcome is always reported.
 */
export function useUserActions({ stillListed, focusTop }: UserActionOptions) {
  const { t } = useUsersText();
  const update = useUpdateUser();
  const disable = useDisableUser();
  const enable = useEnableUser();
  const remove = useDeleteUser();
  const passwordReset = useSendPasswordReset();
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [identitiesOf, setIdentitiesOf] = useState<AdminUser | null>(null);
  const [confirming, setConfirming] = useState<ConfirmRequest | null>(null);

  // Focus moves once the dialog has closed and handed focus back to its opener (the dialog's
  // effects run first); before that the modal dialog would not let it go.
  const focusTopNext = useRef(false);
  const [settled, setSettled] = useState(0);
  useEffect(() => {
    // Also runs when the page hands a new focusTop, with nothing to do then.
    if (!focusTopNext.current) return;
    focusTopNext.current = false;
    focusTop();
  }, [settled, focusTop]);

  function settle(rowLeaves: boolean) {
    focusTopNext.current = rowLeaves;
    setSettled((count) => count + 1);
  }

  const onError = (error: Error) => toast.error(errorMessage(error));

  function save(changes: UpdateUserRequest | null) {
    const user = editing;
    if (!user) return;
    if (!changes) {
      setEditing(null);
      return;
    }
    update.mutate(
      { userId: user.id, changes },
      {
        onSuccess: ({ user: saved }) => {
          setEditing(null);
          settle(!stillListed(saved));
          toast.success(t('actions.updated'));
        },
        onError,
      },
    );
  }

  function confirm() {
    if (!confirming) return;
    const { action, user } = confirming;
    if (action === 'disable') {
      disable.mutate(user.id, {
        onSuccess: ({ user: saved }) => {
          setConfirming(null);
          settle(!stillListed(saved));
          toast.success(t('actions.disabled', { name: user.name }));
        },
        onError,
      });
    } else {
      remove.mutate(user.id, {
        onSuccess: () => {
          setConfirming(null);
          settle(true);
          toast.success(t('actions.deleted'));
        },
        onError,
      });
    }
  }

  function requestEnable(user: AdminUser) {
    if (enable.isPending) return;
    enable.mutate(user.id, {
      onSuccess: ({ user: saved }) => {
        settle(!stillListed(saved));
        toast.success(t('actions.enabled', { name: user.name }));
      },
      onError,
    });
  }

  function requestPasswordReset(user: AdminUser) {
    if (passwordReset.isPending) return;
    passwordReset.mutate(user.id, {
      onSuccess: () => toast.success(t('actions.resetSent', { email: user.email })),
      onError,
    });
  }

  const asked = confirming?.user;
  const dialogs = (
    <>
      <EditUserDialog user={editing} busy={update.isPending} onSave={save} onCancel={() => setEditing(null)} />
      <UserIdentitiesDialog user={identitiesOf} onClose={() => setIdentitiesOf(null)} />
      <ConfirmDialog
        open={confirming?.action === 'disable'}
        title={asked ? t('actions.disableTitle', { name: asked.name }) : t('actions.disableTitleNoUser')}
        description={
          <p>
            {asked
              ? t('actions.disableDescription', { name: asked.name, email: asked.email })
              : t('actions.disableDescriptionNoUser')}
          </p>
        }
        confirmLabel={t('actions.disable')}
        busyLabel={t('actions.disabling')}
        busy={disable.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming?.action === 'delete'}
        title={asked ? t('actions.deleteTitle', { name: asked.name }) : t('actions.deleteTitleNoUser')}
        description={
          asked && (
            <div className="space-y-2">
              {deletionText(asked).map((line) => (
                <p key={line} className="wrap-anywhere">
                  {line}
                </p>
              ))}
              <p>{t('actions.cannotUndo')}</p>
            </div>
          )
        }
        confirmLabel={t('actions.delete')}
        busyLabel={t('actions.deleting')}
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </>
  );

  return {
    requestEdit: (user: AdminUser) => setEditing(user),
    requestIdentities: (user: AdminUser) => setIdentitiesOf(user),
    requestDisable: (user: AdminUser) => setConfirming({ action: 'disable', user }),
    requestDelete: (user: AdminUser) => setConfirming({ action: 'delete', user }),
    requestEnable,
    requestPasswordReset,
    /** The account whose password reset mail is on its way, to show on its button. */
    resettingId: passwordReset.isPending ? passwordReset.variables : undefined,
    /** The account whose Enable is on its way, to show on its button. */
    enablingId: enable.isPending ? enable.variables : undefined,
    /** Render once on the page. */
    dialogs,
  };
}

export type UserActions = ReturnType<typeof useUserActions>;
