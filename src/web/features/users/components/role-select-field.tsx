import type { Role } from '../../../../shared/account';
import { FieldHint, FieldLabel, inputClasses, useFieldWiring } from '../../../components/forms/field';
import { roleOptions } from './user-labels';

/** The Role drop-down of the Add User and Edit dialogs. */
export function RoleSelectField({
  value,
  onChange,
  hint,
}: {
  value: Role;
  onChange: (role: Role) => void;
  hint?: string;
}) {
  const { hintId, controlProps } = useFieldWiring({ hint });
  return (
    <div>
      <FieldLabel htmlFor={controlProps.id}>Role</FieldLabel>
      <select
        {...controlProps}
        name="role"
        value={value}
        onChange={(event) => onChange(event.target.value === 'admin' ? 'admin' : 'student')}
        className={`${inputClasses} h-11`}
      >
        {roleOptions.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
    </div>
  );
}
