import { type RefObject, useState } from 'react';
import { type FieldErrors, firstInvalidField } from '../../../components/forms/field-errors';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';

/** Which field a sentence of a refused request is about, or null when it is about none. */
export type ServerSentenceField<Field extends string> = (sentence: string, code: string) => Field | null;

/**
 * Places a refused request's message next to the field it is about. The API answers a
 * validation failure with its messages joined into one text and no field names, so each
 * sentence goes to the field `fieldOf` recognises it as belonging to; what fits no field is
 * returned for the form as a whole.
 */
function serverFieldErrors<Field extends string>(
  error: unknown,
  fieldOf: ServerSentenceField<Field>,
): { fields: FieldErrors<Field>; form: string | null } {
  const message = errorMessage(error);
  const code = error instanceof ApiRequestError ? error.code : 'unknown';
  const fields: FieldErrors<Field> = {};
  const unplaced: string[] = [];
  for (const sentence of message.split(/(?<=\.)\s+(?=[A-Z])/)) {
    const field = fieldOf(sentence, code);
    if (field && !fields[field]) fields[field] = sentence;
    else if (!field) unplaced.push(sentence);
  }
  return { fields, form: unplaced.length > 0 ? unplaced.join(' ') : null };
}

/**
 * The messages of an account form: one per field and one for the form as a whole. Showing
 * field messages moves focus to the first invalid field in `fieldOrder`, so keyboard and
 * screen reader users land on what needs fixing.
 */
export function useFieldErrors<Field extends string>(
  fieldOrder: readonly Field[],
  refs: Record<Field, RefObject<HTMLElement | null>>,
) {
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);

  function showErrors(found: FieldErrors<Field>) {
    setErrors(found);
    const first = firstInvalidField(fieldOrder, found);
    if (first) refs[first].current?.focus();
  }

  return {
    errors,
    formError,
    setFormError,
    showErrors,
    hasErrors: (found: FieldErrors<Field>) => firstInvalidField(fieldOrder, found) !== undefined,
    clearErrors: () => setErrors({}),
    /** A message stays until its field is edited, then it is the form's turn to judge again. */
    clearError(field: Field) {
      if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
    },
    /** Spreads a refused request over the fields `fieldOf` recognises; the rest goes above the form. */
    showServerError(error: unknown, fieldOf: ServerSentenceField<Field>) {
      const placed = serverFieldErrors(error, fieldOf);
      setFormError(placed.form);
      showErrors(placed.fields);
    },
  };
}
