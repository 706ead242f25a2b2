import type { Ref, RefCallback } from 'react';
import {
  type Control,
  type FieldPath,
  type FieldPathByValue,
  type FieldErrors,
  type FieldValues,
  get,
  useController,
  useFormState,
} from 'react-hook-form';
import { ErrorAlert } from '../ui/alert';
import { TextAreaField, TextInputField, type TextInputFieldProps } from './field';
import { PasswordField } from './password-field';
import { FORM_ERROR } from './use-app-form';
import { commonText } from '../../i18n/namespaces/common';
import { translateMessage } from '../../i18n/message-translator';

/** Both the form's ref (it focuses the field) and the caller's (a dialog's first focus, say). */
export function mergeRefs<T>(...refs: (Ref<T> | undefined)[]): RefCallback<T> {
  return (element) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    }
  };
}

/** A text field of a `useAppForm` form, by name; its value, message and focus come from the form. */
interface BoundProps<Values extends FieldValues, Output extends FieldValues> {
  control: Control<Values, unknown, Output>;
  name: FieldPathByValue<Values, string | undefined>;
  /** Fields whose messages depend on this one, judged again when it changes. */
  deps?: FieldPath<Values>[];
}

/** What the caller still says about a bound control: everything but its value and message. */
type Unbound<Props> = Omit<Props, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'>;

function useBoundText<Values extends FieldValues, Output extends FieldValues, Element extends HTMLElement>(
  { control, name, deps }: BoundProps<Values, Output>,
  ref: Ref<Element> | undefined,
) {
  const { field, fieldState } = useController({ control, name, rules: { deps } });
  return {
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    ref: mergeRefs<Element>(field.ref, ref),
    error: fieldState.error?.message,
  };
}

export function FormTextField<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
  deps,
  ref,
  ...props
}: BoundProps<Values, Output> & Unbound<TextInputFieldProps>) {
  return <TextInputField {...props} {...useBoundText({ control, name, deps }, ref)} />;
}

export function FormPasswordField<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
  deps,
  ref,
  ...props
}: BoundProps<Values, Output> & Unbound<Omit<TextInputFieldProps, 'type' | 'trailing'>>) {
  return <PasswordField {...props} {...useBoundText({ control, name, deps }, ref)} />;
}

export function FormTextAreaField<Values extends FieldValues, Output extends FieldValues>({
  control,
  name,
  deps,
  ref,
  ...props
}: BoundProps<Values, Output> & Unbound<Parameters<typeof TextAreaField>[0]>) {
  return <TextAreaField {...props} {...useBoundText({ control, name, deps }, ref)} />;
}

/** Every field message in `errors`, with its field's path (`courses.2.value`), in the order given. */
function fieldMessages(errors: FieldErrors, prefix = ''): { name: string; message: string }[] {
  const found: { name: string; message: string }[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || (prefix === '' && key === FORM_ERROR)) continue;
    const name = prefix + key;
    if (typeof value.message === 'string' && value.message !== '') found.push({ name, message: value.message });
    else if (typeof value === 'object') found.push(...fieldMessages(value as FieldErrors, `${name}.`));
  }
  return found;
}

/**
 * The form's error summary, at its top: what belongs to no field, then a link to each field
 * that needs fixing (its message also stands under the field). A refused submit moves the
 * focus here (`useAppForm`), so keyboard and screen-reader users hear what is wrong at once and
 * reach each field from it. Forms in summary mode (login, sign-up) say everything in this box.
 */
export function FormErrorAlert<Values extends FieldValues, Output extends FieldValues>({
  control,
}: {
  control: Control<Values, unknown, Output>;
}) {
  const { errors } = useFormState({ control });
  const message = errors[FORM_ERROR]?.message;
  const fields = fieldMessages(errors as FieldErrors);
  if (!message && fields.length === 0) return null;

  function focusField(name: string) {
    const field = get(control._fields, name) as { _f?: { ref?: { focus?: () => void } } } | undefined;
    field?._f?.ref?.focus?.();
  }

  return (
    <div data-error-summary="" tabIndex={-1} className="focus:outline-none focus-visible:outline-none">
      <ErrorAlert>
        {message && <p>{translateMessage(message)}</p>}
        {fields.length > 0 && (
          <>
            <p className={message ? 'mt-2 font-medium' : 'font-medium'}>
              {commonText('form.fixField', { count: fields.length })}
            </p>
            <ul className="mt-1 list-disc space-y-0.5 ps-5">
              {fields.map((field) => (
                <li key={field.name}>
                  <a
                    href={`#${field.name}`}
                    className="underline underline-offset-2 hover:text-red-950"
                    onClick={(event) => {
                      event.preventDefault();
                      focusField(field.name);
                    }}
                  >
                    {translateMessage(field.message)}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </ErrorAlert>
    </div>
  );
}
