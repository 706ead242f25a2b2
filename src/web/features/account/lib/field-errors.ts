import { ApiRequestError, errorMessage } from '../../../lib/api-client';

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The first message for each field, from a failed safeParse of the shared schema. */
export function fieldErrorsFromIssues<Field extends string>(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
  fields: readonly Field[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = fields.find((candidate) => candidate === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * Places a refused request's message next to the field it is about. The API answers a
 * validation failure with its messages joined into one text and no field names, so each
 * sentence goes to the field `fieldOf` recognises it as belonging to; what fits no field is
 * returned for the form as a whole.
 */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fieldOf: (sentence: string, code: string) => Field | null,
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

/** The first field, in the form's order, that has a message. */
export function firstInvalidField<Field extends string>(order: readonly Field[], errors: FieldErrors<Field>): Field | undefined {
  return order.find((field) => errors[field]);
}
