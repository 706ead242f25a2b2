import { z } from 'zod';

/** Trimmed text that must not be empty, with the messages the forms show. */
export function requiredText(label: string, max: number, emptyMessage = `${label} is required.`) {
  return z
    .string({ error: emptyMessage })
    .trim()
    .min(1, emptyMessage)
    .max(max, `${label} must be at most ${max} characters.`);
}
