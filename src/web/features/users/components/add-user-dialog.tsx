import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, type Role } from '../../../../shared/account';
import { createUserSchema, type CreateUserRequest } from '../../../../shared/users';
import { TextInputField } from '../../../components/forms/field';
import { type FieldErrors, fieldErrorsFromIssues } from '../../../components/forms/field-errors';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { RoleSelectField } from './role-select-field';

type Delivery = CreateUserRequest['delivery'];
type NewUserField = 'name' | 'email';
const fieldsWithMessages: readonly NewUserField[] = ['name', 'email'];

const deliveryOptions: { value: Delivery; label: string; hint: string }[] = [
  {
    value: 'password',
    label: 'Show a one-time password',
    hint: 'You hand it over; they choose their own password after signing in.',
  },
  {
    value: 'invitation',
    label: 'Send an invitation email',
    hint: 'They get a link to choose a password.',
  },
];

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
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <ModalDialog
      open={open}
      title="Add User"
      description={<p>The account is created verified; nobody needs to confirm the email address.</p>}
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
  const emailRef = useRef<HTMLInputElement>(null);
  const legendId = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('student');
  const [delivery, setDelivery] = useState<Delivery>('password');
  const [errors, setErrors] = useState<FieldErrors<NewUserField>>({});

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // The API's own schema, so the limits and messages agree.
    const parsed = createUserSchema.safeParse({ name, email, role, delivery });
    if (!parsed.success) {
      const found = fieldErrorsFromIssues(parsed.error.issues, fieldsWithMessages);
      setErrors(found);
      if (found.name) nameRef.current?.focus();
      else if (found.email) emailRef.current?.focus();
      return;
    }
    setErrors({});
    onCreate(parsed.data);
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
        error={errors.name}
        onChange={(event) => {
          setName(event.target.value);
          if (errors.name) setErrors((current) => ({ ...current, name: undefined }));
        }}
      />
      <TextInputField
        ref={emailRef}
        label="Email"
        name="email"
        type="email"
        required
        maxLength={EMAIL_MAX_LENGTH}
        autoComplete="off"
        value={email}
        error={errors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          if (errors.email) setErrors((current) => ({ ...current, email: undefined }));
        }}
      />
      <RoleSelectField value={role} onChange={setRole} />
      <fieldset aria-labelledby={legendId}>
        <legend id={legendId} className="text-sm font-medium text-slate-800">
          How they sign in first
        </legend>
        <div className="mt-2 space-y-1">
          {deliveryOptions.map((option) => (
            <label
              key={option.value}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md px-2 py-2 text-slate-900 hover:bg-slate-50"
            >
              <input
                type="radio"
                name="delivery"
                value={option.value}
                checked={delivery === option.value}
                onChange={() => setDelivery(option.value)}
                className="mt-0.5 h-5 w-5 shrink-0 accent-indigo-700"
              />
              <span>
                <span className="block text-sm font-medium">{option.label}</span>
                <span className="block text-sm text-slate-600">{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <DialogButtons
        confirmType="submit"
        confirmLabel="Add User"
        busyLabel="Adding..."
        cancelLabel="Cancel"
        variant="primary"
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
