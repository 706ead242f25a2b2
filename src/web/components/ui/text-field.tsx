import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export const inputClasses =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-600 aria-[invalid=true]:border-red-600';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  /** Extra content inside the input's box, on the right (for example a show/hide toggle). */
  trailing?: ReactNode;
}

export function TextField({ label, hint, trailing, id, className, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input id={inputId} aria-describedby={hintId} className={`${inputClasses} ${trailing ? 'pr-20' : ''}`} {...inputProps} />
        {trailing && <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>}
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
