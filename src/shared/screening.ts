import { z } from 'zod';

/**
 * What the screen looks for in a review or a tutor's response before it is published: personal
 * information, slurs and profanity, and remarks on someone's appearance or body.
 */
export const screeningCategories = ['personal_information', 'profanity', 'appearance'] as const;
export type ScreeningCategory = (typeof screeningCategories)[number];

/** The part of a review or response a finding is in. */
export const screenedFields = ['title', 'body'] as const;
export type ScreenedField = (typeof screenedFields)[number];

/** Who found it: the rules every instance runs, or the AI provider's second opinion. */
export const screeningSources = ['rules', 'ai'] as const;

/** What exactly a finding is, so the notice can name it ("a phone number"); the category says how it is treated. */
export const screeningFindingKinds = [
  'phone_number',
  'email_address',
  'student_id',
  'street_address',
  'social_handle',
  'profanity',
  'appearance',
] as const;
export type ScreeningFindingKind = (typeof screeningFindingKinds)[number];

/** One thing the screen found: what kind, in which field, and where (UTF-16 offsets, end exclusive). */
export const screeningFindingSchema = z.object({
  category: z.enum(screeningCategories),
  /** Absent on findings stored before kinds were recorded, and when the AI provider named only a category. */
  kind: z.enum(screeningFindingKinds).optional(),
  field: z.enum(screenedFields),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  source: z.enum(screeningSources),
});
export type ScreeningFinding = z.infer<typeof screeningFindingSchema>;

/**
 * What "Submit anyway" does, set by an administrator: Off skips the screen; Warn publishes the
 * review flagged for a moderator; Hold keeps it waiting for a moderator, seen by its author only.
 */
export const screeningModes = ['off', 'warn', 'hold'] as const;
export type ScreeningMode = (typeof screeningModes)[number];
export const DEFAULT_SCREENING_MODE: ScreeningMode = 'warn';

/** True when the author chose "Submit anyway" after the screen's notice. */
export const screeningAcknowledgedSchema = z.boolean().default(false);

/** The texts a finding's offsets point into. */
export interface ScreenedText {
  title?: string;
  body: string;
}
