import type { Ref, RefCallback } from 'react';
import {
  type Control,
  type FieldPath,
  type FieldPathByValue,
  type FieldValues,
  useController,
  useFormState,
} from 'react-hook-form';
import { ErrorAlert } from '../ui/alert';
import { TextAreaField, TextInputField, type TextInputFieldProps } from './field';
import { PasswordField } from './password-field';
import { FORM_ERROR } from './use-app-form';

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

/** The message about the form as a whole (a refused request no field owns), in the red box. */
export function FormErrorAlert<Values extends FieldValues, Output extends FieldValues>({
  control,
}: {
  control: Control<Values, unknown, Output>;
}) {
  const { errors } = useFormState({ control });
  const message = errors[FORM_ERROR]?.message;
  return message ? <ErrorAlert>{message}</ErrorAlert> : null;
}
