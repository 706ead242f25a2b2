import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldError, useFieldWiring } from '../../../components/forms/field';
import { useSettingsText } from '../../../i18n/namespaces/settings';

/** An on/off setting: a checkbox that looks and announces itself as a switch. */
export function SwitchField({
  label,
  hint,
  error,
  checked,
  ref,
  ...inputProps
}: { label: string; hint?: ReactNode; error?: string | null; checked: boolean; ref?: Ref<HTMLInputElement> } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'role' | 'checked'
>) {
  const { t } = useSettingsText();
  const { hintId, errorId, controlProps } = useFieldWiring({ hint, error });
  return (
    <div>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <label htmlFor={controlProps.id} className="text-sm font-medium text-slate-800">
            {label}
          </label>
          {hintId && (
            <p id={hintId} className="text-sm text-slate-600">
              {hint}
            </p>
          )}
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <span aria-hidden="true" className="text-sm font-medium text-slate-700">
            {checked ? t('switch.on') : t('switch.off')}
          </span>
          <input
            ref={ref}
            {...controlProps}
            type="checkbox"
            role="switch"
            checked={checked}
            className="relative h-7 w-12 cursor-pointer appearance-none rounded-full bg-slate-500 transition-colors before:absolute before:start-1 before:top-1 before:h-5 before:w-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-indigo-700 checked:before:translate-x-5 rtl:checked:before:-translate-x-5"
            {...inputProps}
          />
        </div>
      </div>
      {errorId && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
