/**
 * The one way to write a form: react-hook-form, validated by a zod schema from `src/shared`
 * (the one the server checks the request with; extend or pipe it for client-only fields such
 * as a password confirmation). The submit handler receives the schema's output.
 *
 *   const form = useAppForm({
 *     schema: createUserSchema,
 *     defaultValues: { name: '', email: '', role: 'student', delivery: 'password' },
 *   });
 *   <form noValidate onSubmit={form.handleSubmit((request) =>
 *     create.mutate(request, { onError: form.showServerError }))}>
 *     <FormErrorAlert control={form.control} />
 *     <FormTextField control={form.control} name="email" label="Email" required />
 *
 * Text fields: `FormTextField`, `FormPasswordField`, `FormTextAreaField` (form-fields.tsx);
 * other controls take `useController` and the plain components of field.tsx.
 * - Messages appear after the first submit and then follow every change of their field. An
 *   issue the schema raises about no one field (a `refine` without a path) is the form's.
 * - Every form shows `FormErrorAlert` at its top: an error summary linking to each field, whose
 *   message also stands under the field. A failed submit moves focus to that summary (without
 *   one, to the first invalid field in the order shown; a refused request: in the order of
 *   `defaultValues`), so keyboard and screen-reader users hear what needs fixing.
 * - `showServerError` puts a refused request's `fields` on their fields by path and the rest
 *   above the form (`FormErrorAlert`); a message is never placed by its words.
 *   `serverErrorPlaces` maps paths the form names otherwise.
 * - `summary: true` shows every message in that one box instead, fields untouched: login and
 *   sign-up, where the spec wants errors in a red box, and a single list of checkboxes.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { placeServerError, type ServerErrorPlaces } from './server-errors';

/** The key of the message about the whole form; `FormErrorAlert` shows it. */
export const FORM_ERROR = 'root';

export interface AppFormOptions<Values extends FieldValues, Output extends FieldValues> {
  schema: z.ZodType<Output, Values>;
  /** Every field's starting value; its key order is the order focus follows to the first invalid field. */
  defaultValues: NoInfer<Values>;
  /** Where the server's paths and codes land when the form names its fields otherwise. */
  serverErrorPlaces?: ServerErrorPlaces<Path<Values>>;
  summary?: boolean;
}

export function useAppForm<Values extends FieldValues, Output extends FieldValues>({
  schema,
  defaultValues,
  serverErrorPlaces,
  summary = false,
}: AppFormOptions<Values, Output>) {
  const fieldOrder = Object.keys(defaultValues) as Path<Values>[];
  const schemaResolver = zodResolver<Values, unknown, Output>(schema);
  const resolver: Resolver<Values, unknown, Output> = async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    // An issue about no one field (a refine without a path) is the form's.
    const { '': aboutForm, ...aboutFields } = result.errors as Record<string, { message?: string } | undefined>;
    const messages = summary
      ? [aboutForm?.message, ...fieldOrder.map((name) => (get(aboutFields, name) as typeof aboutForm)?.message)]
      : [aboutForm?.message];
    const message = messages.filter(Boolean).join(' ');
    if (!message) return result;
    const root = { type: 'validate', message };
    return { values: {}, errors: (summary ? { root } : { ...aboutFields, root }) as FieldErrors<Values> };
  };

  const form = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: defaultValues as DefaultValues<Values>,
    shouldFocusError: true,
  });

  /** For a mutation's onError: the refused request's messages, on their fields or above the form. */
  function showServerError(error: unknown) {
    const placed = placeServerError(error, summary ? [] : fieldOrder, serverErrorPlaces);
    for (const { field, message } of placed.fields) form.setError(field, { type: 'server', message });
    if (placed.form) form.setError(FORM_ERROR, { type: 'server', message: placed.form });
    const first = placed.fields[0];
    if (first) form.setFocus(first.field);
  }

  /**
   * A refused submit: react-hook-form focuses the first invalid field; where the form shows an
   * error summary (`FormErrorAlert`), the focus moves on to it once it has rendered.
   */
  const handleSubmit: typeof form.handleSubmit = (onValid, onInvalid) =>
    form.handleSubmit(onValid, (errors, event) => {
      const formElement = event?.target instanceof HTMLFormElement ? event.target : null;
      // After react-hook-form's own focusing and the summary's render. It focuses the field at once
      // and again on a timer it sets once this callback has returned; a timer set from a timer set
      // here runs after that one (an animation frame alone could come between the two).
      setTimeout(() =>
        setTimeout(() =>
          requestAnimationFrame(() => formElement?.querySelector<HTMLElement>('[data-error-summary]')?.focus()),
        ),
      );
      return onInvalid?.(errors, event);
    });

  return { ...form, handleSubmit, showServerError };
}
