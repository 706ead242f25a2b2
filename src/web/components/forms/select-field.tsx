import type { Ref, SelectHTMLAttributes } from 'react';
import { type FieldProps, inputClasses, LabelledControl } from './field';

/** A labelled drop-down of a form; `options` in the order shown, '' for a blank choice. */
export function SelectField({
  label,
  hint,
  error,
  required,
  className,
  id,
  ref,
  options,
  ...selectProps
}: FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'required' | 'children'> & {
    ref?: Ref<HTMLSelectElement>;
    options: ReadonlyArray<{ value: string; label: string }>;
  }) {
  return (
    <LabelledControl label={label} hint={hint} error={error} required={required} className={className} id={id}>
      {(control) => (
        <select ref={ref} {...control} className={`${inputClasses} h-11 pe-8`} {...selectProps}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledControl>
  );
}
