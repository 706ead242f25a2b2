import { z } from 'zod';
import { aiProviderKinds } from './ai-providers';
import { REVIEW_BODY_MAX_LENGTH, REVIEW_TITLE_MAX_LENGTH } from './reviews';

/** What the review text shows between the click and the first words of the draft (spec section 4). */
export const AI_THINKING_PLACEHOLDER = 'Thinking......';
/** For administrators (the settings' provider check): what to configure. */
export const AI_NOT_CONFIGURED_MESSAGE = 'No AI provider is configured.';
/** For students, who cannot configure anything: drafting is simply not offered here. */
export const AI_NOT_AVAILABLE_MESSAGE = "AI drafting isn't available on this site.";
export const AI_NEEDS_TUTOR_MESSAGE = 'Choose a tutor first: the AI writes the draft about them.';

/** The length the prompt asks for (spec section 9). */
export const AI_DRAFT_MIN_CHARACTERS = 2000;
export const AI_DRAFT_MAX_CHARACTERS = 2500;

export { aiProviderKinds, type AiProviderKind } from './ai-providers';

/** Whether drafting is possible for the caller, and where their words would go. */
export const aiStatusSchema = z.object({
  available: z.boolean(),
  /** Why drafting is unavailable, in words for the student; null when available. */
  reason: z.string().nullable(),
  provider: z.enum(aiProviderKinds).nullable(),
  /** Who receives the title, rating and notes, e.g. "Gemini (Google)"; null without a provider. */
  providerLabel: z.string().nullable(),
  model: z.string().nullable(),
  draftsPerHour: z.number().int(),
  /** Drafts the caller may still ask for in the current hour. */
  draftsLeft: z.number().int(),
  /** When the next draft becomes available again, if none is left. */
  nextDraftAt: z.iso.datetime().nullable(),
});
export type AiStatus = z.infer<typeof aiStatusSchema>;

/**
 * What the draft is built from: the tutor (required), and whatever the student has already
 * entered. A rating of 0 means none chosen yet.
 */
export const reviewDraftRequestSchema = z.object({
  tutorId: z.uuid({ error: AI_NEEDS_TUTOR_MESSAGE }),
  title: z
    .string()
    .trim()
    .max(REVIEW_TITLE_MAX_LENGTH, `The title must be at most ${REVIEW_TITLE_MAX_LENGTH} characters.`)
    .default(''),
  rating: z
    .number()
    .int('A rating is a whole number of stars.')
    .min(0)
    .max(5, 'A rating is at most 5 stars.')
    .default(0),
  /** The student's own text so far; the draft builds on it. */
  notes: z
    .string()
    .trim()
    .max(REVIEW_BODY_MAX_LENGTH, `The review must be at most ${REVIEW_BODY_MAX_LENGTH} characters.`)
    .default(''),
});
export type ReviewDraftRequest = z.infer<typeof reviewDraftRequestSchema>;
export type ReviewDraftInput = z.input<typeof reviewDraftRequestSchema>;

/** Why a draft that had started could not be finished. */
export const draftFailureCodes = [
  'ai_blocked',
  'ai_empty',
  'ai_timeout',
  'ai_busy',
  'ai_provider_refused',
  'ai_provider_error',
] as const;
export type DraftFailureCode = (typeof draftFailureCodes)[number];

/**
 * The draft streams as server-sent events, one JSON object per `data:` line:
 * any number of `text` events (append in order), then exactly one `done` or `error`.
 * A stream that ends without either was cut off.
 */
export const draftEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({
    type: z.literal('done'),
    /** The model wrote past the longest review allowed; the draft was cut there. */
    truncated: z.boolean(),
  }),
  z.object({ type: z.literal('error'), code: z.enum(draftFailureCodes), message: z.string() }),
]);
export type DraftEvent = z.infer<typeof draftEventSchema>;

export const DRAFT_STREAM_CONTENT_TYPE = 'text/event-stream';

/** The message shown when a stream stops without saying why (a dropped connection). */
export const DRAFT_INTERRUPTED_MESSAGE =
  'The connection was interrupted before the draft was finished. Please try again.';

/** An administrator's check that the configured provider answers, with a one-line reply. */
export const aiProviderCheckSchema = z.object({
  ok: z.boolean(),
  provider: z.enum(aiProviderKinds).nullable(),
  model: z.string().nullable(),
  latencyMs: z.number().int().nullable(),
  /** The provider's reply on success, or what went wrong in plain words. */
  message: z.string(),
});
export type AiProviderCheck = z.infer<typeof aiProviderCheckSchema>;
