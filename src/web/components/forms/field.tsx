import { type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { inputClasses } from '../ui/text-field';

/** The ids that tie a control to its label, hint and error message. */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter(Boolean);
  return present.length > 0 ? present.join(' ') : undefined;
}

export function FieldLabel({ htmlFor, id, required, children }: { htmlFor: string; id?: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="mb-1 flex items-baseline gap-1">
      <label htmlFor={htmlFor} id={id} className="text-sm font-medium text-slate-800">
        {children}
      </label>
      {/* The control says aria-required; the star is for sighted users and stays out of the name. */}
      {required && (
        <span aria-hidden="true" className="text-sm font-semibold text-red-700">
          *
        </span>
      )}
    </div>
  );
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {children}
    </p>
  );
}

/** Shown under a control that needs fixing; the control points at it with aria-describedby. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

/** Mentioned once at the top of a form that marks required fields with a star. */
export function RequiredFieldsNote() {
  return (
    <p className="text-sm text-slate-600">
      Fields marked <span className="font-semibold text-red-700">*</span> are required.
    </p>
  );
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
  className?: string;
}

export function TextInputField({
  label,
  hint,
  error,
  required,
  className,
  id,
  ref,
  ...inputProps
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'required'> & { ref?: Ref<HTMLInputElement> }) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : null;
  const errorId = error ? `${inputId}-error` : null;
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} required={required}>
        {label}
      </FieldLabel>
      <input
        ref={ref}
        id={inputId}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(errorId, hintId)}
        className={inputClasses}
        {...inputProps}
      />
      {error && errorId && <FieldError id={errorId}>{error}</FieldError>}
      {hint && hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
    </div>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  required,
  className,
  id,
  ref,
  rows = 4,
  ...textareaProps
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'required'> & { ref?: Ref<HTMLTextAreaElement> }) {
  const generatedId = useId();
  const textareaId = id ?? generatedId;
  const hintId = hint ? `${textareaId}-hint` : null;
  const errorId = error ? `${textareaId}-error` : null;
  return (
    <div className={className}>
      <FieldLabel htmlFor={textareaId} required={required}>
        {label}
      </FieldLabel>
      <textarea
        ref={ref}
        id={textareaId}
        rows={rows}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(errorId, hintId)}
        className={inputClasses}
        {...textareaProps}
      />
      {error && errorId && <FieldError id={errorId}>{error}</FieldError>}
      {hint && hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
    </div>
  );
}

export function CheckboxField({
  label,
  hint,
  id,
  className,
  ...inputProps
}: { label: string; hint?: ReactNode; className?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={`flex items-start gap-3 ${className ?? ''}`}>
      <input
        id={inputId}
        type="checkbox"
        aria-describedby={hintId}
        className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-indigo-700"
        {...inputProps}
      />
      <div>
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {hint && hintId && (
          <p id={hintId} className="text-sm text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
