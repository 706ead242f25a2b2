/** A form's messages, by field; a field without one is valid. */
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

/** The first field, in the form's order, that has a message. */
export function firstInvalidField<Field extends string>(
  order: readonly Field[],
  errors: FieldErrors<Field>,
): Field | undefined {
  return order.find((field) => errors[field]);
}
