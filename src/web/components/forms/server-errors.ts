import { ApiRequestError, errorMessage } from '../../lib/api-client';

/** Where a refused request's messages go: beside their fields, and the rest above the form. */
export interface PlacedServerError<Field extends string> {
  /** At most one message per field, in the form's field order. */
  fields: { field: Field; message: string }[];
  /** What no field of the form owns; null when every message found its field. */
  form: string | null;
}

/** How a form names what the server says, when the names differ. */
export interface ServerErrorPlaces<Field extends string> {
  /** Server paths the form names otherwise, for example `{ signupDomains: 'domains' }`. */
  pathToField?: Readonly<Partial<Record<string, Field>>>;
}

/**
 * Places a refused request's messages by the field paths the server names (`error.fields`),
 * never by their words. A path is matched to a form field by itself, by `pathToField` when the
 * form names the field otherwise (a text box for a list, say), or by its first segment
 * (`courses.2` is the `courses` field). An answer without paths goes to the form, as returned.
 */
export function placeServerError<Field extends string>(
  error: unknown,
  fieldOrder: readonly Field[],
  { pathToField = {} }: ServerErrorPlaces<Field> = {},
): PlacedServerError<Field> {
  const serverFields = error instanceof ApiRequestError ? error.fields : [];
  if (serverFields.length === 0) return { fields: [], form: errorMessage(error) };

  const fieldOf = (path: string): Field | undefined => {
    const head = path.split('.')[0] ?? path;
    return (
      pathToField[path] ??
      fieldOrder.find((field) => field === path) ??
      pathToField[head] ??
      fieldOrder.find((field) => field === head)
    );
  };

  const messages = new Map<Field, string>();
  const unplaced: string[] = [];
  for (const { path, message } of serverFields) {
    const field = fieldOf(path);
    if (field === undefined) unplaced.push(message);
    else if (!messages.has(field)) messages.set(field, message);
  }
  const fields = fieldOrder.flatMap((field) => {
    const message = messages.get(field);
    return message === undefined ? [] : [{ field, message }];
  });
  // Nothing placed: the server's own sentence says it all, as returned.
  if (fields.length === 0) return { fields, form: errorMessage(error) };
  return { fields, form: unplaced.length > 0 ? unplaced.join(' ') : null };
}
