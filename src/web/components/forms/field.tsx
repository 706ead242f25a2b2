import { type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes, useId } from 'react';
import { useCommonText } from '../../i18n/namespaces/common';
import { Trans } from 'react-i18next';
import { translateMessage } from '../../i18n/message-translator';

/** The box every text input, text area and drop-down shares. */
export const inputClasses =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-indigo-600 aria-[invalid=true]:border-red-600';

/** What a labelled control says around it. */
export interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  /** Marks the control aria-required and its label with a star; the forms validate by themselves. */
  required?: boolean;
  className?: string;
  id?: string;
}

type FieldWiringOptions = Pick<FieldProps, 'required' | 'hint' | 'error'>;

/**
 * The ids of a control's hint and error message, and the attributes that point the control at
 * them (the error first, so it is read before the hint).
 */
export function fieldWiring(controlId: string, { required, hint, error }: FieldWiringOptions) {
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ');
  return {
    hintId,
    errorId,
    controlProps: {
      id: controlId,
      'aria-required': required || undefined,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy || undefined,
    },
  };
}

/** fieldWiring for a single control, with a generated id unless one is given. */
export function useFieldWiring({ id, ...options }: FieldWiringOptions & { id?: string }) {
  const generatedId = useId();
  return fieldWiring(id ?? generatedId, options);
}

export function FieldLabel({
  htmlFor,
  id,
  required,
  children,
}: {
  htmlFor: string;
  id?: string;
  required?: boolean;
  children: ReactNode;
}) {
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
      {typeof children === 'string' ? translateMessage(children) : children}
    </p>
  );
}

/** Mentioned once at the top of a form that marks required fields with a star. */
export function RequiredFieldsNote() {
  const { t } = useCommonText();
  return (
    <p className="text-sm text-slate-600">
      <Trans t={t} i18nKey="form.requiredNote" components={{ mark: <span className="font-semibold text-red-700" /> }} />
    </p>
  );
}

type ControlProps = ReturnType<typeof fieldWiring>['controlProps'];

/** The label, the control, then its error and hint: the layout the text fields share. */
export function LabelledControl({
  label,
  hint,
  error,
  required,
  className,
  id,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const { hintId, errorId, controlProps } = useFieldWiring({ id, required, hint, error });
  return (
    <div className={className}>
      <FieldLabel htmlFor={controlProps.id} required={required}>
        {label}
      </FieldLabel>
      {children(controlProps)}
      {errorId && <FieldError id={errorId}>{error}</FieldError>}
      {hintId && <FieldHint id={hintId}>{hint}</FieldHint>}
    </div>
  );
}

export type TextInputFieldProps = FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'required'> & {
    ref?: Ref<HTMLInputElement>;
    /** Extra content inside the input's box, on the right (for example a show/hide toggle). */
    trailing?: ReactNode;
  };

export function TextInputField({
  label,
  hint,
  error,
  required,
  className,
  id,
  trailing,
  ref,
  ...inputProps
}: TextInputFieldProps) {
  return (
    <LabelledControl label={label} hint={hint} error={error} required={required} className={className} id={id}>
      {(control) => (
        <div className="relative">
          <input ref={ref} {...control} className={trailing ? `${inputClasses} pe-20` : inputClasses} {...inputProps} />
          {trailing && <div className="absolute inset-y-0 end-0 flex items-center pe-1">{trailing}</div>}
        </div>
      )}
    </LabelledControl>
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
  return (
    <LabelledControl label={label} hint={hint} error={error} required={required} className={className} id={id}>
      {(control) => <textarea ref={ref} {...control} rows={rows} className={inputClasses} {...textareaProps} />}
    </LabelledControl>
  );
}

export function CheckboxField({
  label,
  hint,
  id,
  className,
  ...inputProps
}: { label: string; hint?: ReactNode; className?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const { hintId, controlProps } = useFieldWiring({ id, hint });
  return (
    <div className={`flex items-start gap-3 ${className ?? ''}`}>
      <input
        {...controlProps}
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 accent-indigo-700"
        {...inputProps}
      />
      <div>
        <label htmlFor={controlProps.id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {hintId && (
          <p id={hintId} className="text-sm text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
