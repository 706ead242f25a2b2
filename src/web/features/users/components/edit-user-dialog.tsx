import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { nameSchema, NAME_MAX_LENGTH, type Role } from '../../../../shared/account';
import type { AdminUser, UpdateUserRequest } from '../../../../shared/users';
import { TextInputField } from '../../../components/forms/field';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { RoleSelectField } from './role-select-field';

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
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <ModalDialog
      open={user !== null}
      title={user ? `Edit ${user.name}` : 'Edit user'}
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
  const [name, setName] = useState(user.name);
  const [role, setRole] = useState<Role>(user.role);
  const [nameError, setNameError] = useState<string | null>(null);
  const losesAdmin = user.isSelf && user.role === 'admin' && role === 'student';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsedName = nameSchema.safeParse(name);
    if (!parsedName.success) {
      setNameError(parsedName.error.issues[0]?.message ?? 'Name is required.');
      nameRef.current?.focus();
      return;
    }
    setNameError(null);
    const changes: UpdateUserRequest = {};
    if (parsedName.data !== user.name) changes.name = parsedName.data;
    if (role !== user.role) changes.role = role;
    onSave(Object.keys(changes).length > 0 ? changes : null);
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="mt-4 space-y-4">
      <TextInputField
        ref={nameRef}
        label="Name"
        name="name"
        required
        maxLength={NAME_MAX_LENGTH}
        autoComplete="off"
        value={name}
        error={nameError}
        onChange={(event) => {
          setName(event.target.value);
          if (nameError && event.target.value.trim()) setNameError(null);
        }}
      />
      <RoleSelectField
        value={role}
        onChange={setRole}
        hint={
          losesAdmin
            ? 'This is your own account: as a student you will leave the admin console at once.'
            : 'Administrators reach the admin console; students do not.'
        }
      />
      <DialogButtons
        confirmType="submit"
        confirmLabel="Save"
        busyLabel="Saving..."
        cancelLabel="Cancel"
        variant="primary"
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
