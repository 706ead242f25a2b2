import type { Role } from '../../../../shared/account';
import { FieldHint, FieldLabel, inputClasses, useFieldWiring } from '../../../components/forms/field';
import { useUsersText } from '../../../i18n/namespaces/users';
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
  const { t } = useUsersText();
  const { hintId, controlProps } = useFieldWiring({ hint });
  return (
    <div>
      <FieldLabel htmlFor={controlProps.id}>{t('roleField.label')}</FieldLabel>
      <select
        {...controlProps}
        name="role"
        value={value}
        onChange={(event) => onChange(event.target.value === 'admin' ? 'admin' : 'student')}
        className={`${inputClasses} h-11`}
      >
        {roleOptions.map((role) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </select>
      {hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
    </div>
  );
}
