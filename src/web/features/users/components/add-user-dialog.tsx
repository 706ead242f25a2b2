import { type RefObject, useId, useRef } from 'react';
import { useController } from 'react-hook-form';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../../../../shared/account';
import { createUserSchema, type CreateUserRequest } from '../../../../shared/users';
import { FormErrorAlert, FormTextField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { commonText } from '../../../i18n/namespaces/common';
import { useUsersText } from '../../../i18n/namespaces/users';
import { RoleSelectField } from './role-select-field';

type Delivery = CreateUserRequest['delivery'];

const deliveryOptions = [
  { value: 'password', label: 'addUser.passwordOption', hint: 'addUser.passwordHint' },
  { value: 'invitation', label: 'addUser.invitationOption', hint: 'addUser.invitationHint' },
] as const satisfies readonly { value: Delivery; label: string; hint: string }[];

/** 'Add User': name, email, role, and how the new user gets in. */
export function AddUserDialog({
  open,
  busy,
  onCreate,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  onCreate: (request: CreateUserRequest) => void;
  onCancel: () => void;
}) {
  const { t } = useUsersText();
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <ModalDialog
      open={open}
      title={t('addUser.title')}
      description={<p>{t('addUser.description')}</p>}
      initialFocus={nameRef}
      dismissible={!busy}
      onCancel={onCancel}
    >
      <AddUserForm nameRef={nameRef} busy={busy} onCreate={onCreate} onCancel={onCancel} />
    </ModalDialog>
  );
}

// Mounted only while the dialog is open, so every opening starts blank; a refused request keeps what was typed.
function AddUserForm({
  nameRef,
  busy,
  onCreate,
  onCancel,
}: {
  nameRef: RefObject<HTMLInputElement | null>;
  busy: boolean;
  onCreate: (request: CreateUserRequest) => void;
  onCancel: () => void;
}) {
  const { t } = useUsersText();
  const legendId = useId();
  // The API's own schema, so the limits and messages agree.
  const form = useAppForm({
    schema: createUserSchema,
    defaultValues: { name: '', email: '', role: 'student', delivery: 'password' },
  });
  const roleField = useController({ control: form.control, name: 'role' });
  const deliveryField = form.register('delivery');

  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={form.handleSubmit((request) => {
        if (!busy) onCreate(request);
      })}
    >
      <FormErrorAlert control={form.control} />
      <FormTextField
        control={form.control}
        name="name"
        ref={nameRef}
        label={t('addUser.name')}
        required
        maxLength={NAME_MAX_LENGTH}
        autoComplete="off"
      />
      <FormTextField
        control={form.control}
        name="email"
        label={t('addUser.email')}
        type="email"
        required
        maxLength={EMAIL_MAX_LENGTH}
        autoComplete="off"
      />
      <RoleSelectField value={roleField.field.value ?? 'student'} onChange={roleField.field.onChange} />
      <fieldset aria-labelledby={legendId}>
        <legend id={legendId} className="text-sm font-medium text-slate-800">
          {t('addUser.signInLegend')}
        </legend>
        <div className="mt-2 space-y-1">
          {deliveryOptions.map((option) => (
            <label
              key={option.value}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md px-2 py-2 text-slate-900 hover:bg-slate-50"
            >
              <input
                type="radio"
                value={option.value}
                {...deliveryField}
                className="mt-0.5 h-5 w-5 shrink-0 accent-indigo-700"
              />
              <span className="text-sm font-medium">
                {t(option.label)}
                <span className="block font-normal text-slate-600">{t(option.hint)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <DialogButtons
        confirmType="submit"
        confirmLabel={t('addUser.submit')}
        busyLabel={t('addUser.busy')}
        cancelLabel={commonText('cancel')}
        variant="primary"
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
