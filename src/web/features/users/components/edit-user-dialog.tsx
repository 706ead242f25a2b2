import { type RefObject, useRef } from 'react';
import { useController } from 'react-hook-form';
import { z } from 'zod';
import { nameSchema, NAME_MAX_LENGTH, roleSchema } from '../../../../shared/account';
import type { AdminUser, UpdateUserRequest } from '../../../../shared/users';
import { FormErrorAlert, FormTextField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { commonText } from '../../../i18n/namespaces/common';
import { useUsersText } from '../../../i18n/namespaces/users';
import { RoleSelectField } from './role-select-field';

/** The fields of the API's update request, both given; the form sends only what changed. */
const editUserFormSchema = z.object({ name: nameSchema, role: roleSchema });

/** Edit: an account's name and role. Only what changed is sent. */
export function EditUserDialog({
  user,
  busy,
  onSave,
  onCancel,
}: {
  /** The account being edited; null while the dialog is closed. */
  user: AdminUser | null;
  busy: boolean;
  /** Called with the changes, or with null when nothing was changed. */
  onSave: (changes: UpdateUserRequest | null) => void;
  onCancel: () => void;
}) {
  const { t } = useUsersText();
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <ModalDialog
      open={user !== null}
      title={user ? t('editUser.title', { name: user.name }) : t('editUser.titleNoUser')}
      description={user ? <p className="wrap-anywhere">{user.email}</p> : undefined}
      initialFocus={nameRef}
      dismissible={!busy}
      onCancel={onCancel}
    >
      {user && (
        <EditUserForm key={user.id} user={user} nameRef={nameRef} busy={busy} onSave={onSave} onCancel={onCancel} />
      )}
    </ModalDialog>
  );
}

function EditUserForm({
  user,
  nameRef,
  busy,
  onSave,
  onCancel,
}: {
  user: AdminUser;
  nameRef: RefObject<HTMLInputElement | null>;
  busy: boolean;
  onSave: (changes: UpdateUserRequest | null) => void;
  onCancel: () => void;
}) {
  const { t } = useUsersText();
  const form = useAppForm({ schema: editUserFormSchema, defaultValues: { name: user.name, role: user.role } });
  const roleField = useController({ control: form.control, name: 'role' });
  const losesAdmin = user.isSelf && user.role === 'admin' && roleField.field.value === 'student';

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={form.handleSubmit(({ name, role }) => {
        if (busy) return;
        const changes: UpdateUserRequest = {};
        if (name !== user.name) changes.name = name;
        if (role !== user.role) changes.role = role;
        onSave(Object.keys(changes).length > 0 ? changes : null);
      })}
    >
      <FormErrorAlert control={form.control} />
      <FormTextField
        control={form.control}
        name="name"
        ref={nameRef}
        label={t('editUser.name')}
        required
        maxLength={NAME_MAX_LENGTH}
        autoComplete="off"
      />
      <RoleSelectField
        value={roleField.field.value}
        onChange={roleField.field.onChange}
        hint={losesAdmin ? t('editUser.ownAdminHint') : t('editUser.roleHint')}
      />
      <DialogButtons
        confirmType="submit"
        confirmLabel={t('editUser.save')}
        busyLabel={t('editUser.busy')}
        cancelLabel={commonText('cancel')}
        variant="primary"
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
