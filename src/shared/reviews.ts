import { z } from 'zod';
import { screeningAcknowledgedSchema } from './screening';
import {
  MAX_DIFFICULTY,
  MIN_DIFFICULTY,
  REVIEW_TAG_CHOICES_MAX,
  REVIEW_TAG_MAX_LENGTH,
  REVIEW_TAGS_MAX,
  TERM_YEAR_MIN,
  termSeasons,
  MAX_RATING,
  MIN_RATING,
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_DETAILS_REQUIRED_MESSAGE,
  reportReasons,
  REVIEW_BODY_MAX_LENGTH,
  REVIEW_FORM_INCOMPLETE_MESSAGE,
  REVIEW_TITLE_MAX_LENGTH,
} from './reviews-constants';
import { COURSE_MAX_LENGTH } from './tutors-constants';
import { requiredText } from './validation';

export * from './reviews-constants';

export const ratingSchema = z
  .number({ error: REVIEW_FORM_INCOMPLETE_MESSAGE })
  .int('A rating is a whole number of stars.')
  .min(MIN_RATING, REVIEW_FORM_INCOMPLETE_MESSAGE)
  .max(MAX_RATING, `A rating is at most ${MAX_RATING} stars.`);

export const termSeasonSchema = z.enum(termSeasons, { error: 'Choose Spring, Summer, Fall or Winter.' });

/** When the student took the course or the sessions: a season and a year. */
export const termSchema = z.object({
  season: termSeasonSchema,
  year: z
    .number({ error: 'Choose the year of the term.' })
    .int('Choose the year of the term.')
    .min(TERM_YEAR_MIN, `The term's year is ${TERM_YEAR_MIN} or later.`)
    .max(2100, 'The term cannot be later than this year.'),
});
export type Term = z.infer<typeof termSchema>;

export const difficultySchema = z
  .number({ error: `Difficulty is ${MIN_DIFFICULTY} to ${MAX_DIFFICULTY}.` })
  .int(`Difficulty is ${MIN_DIFFICULTY} to ${MAX_DIFFICULTY}.`)
  .min(MIN_DIFFICULTY, `Difficulty is ${MIN_DIFFICULTY} to ${MAX_DIFFICULTY}.`)
  .max(MAX_DIFFICULTY, `Difficulty is ${MIN_DIFFICULTY} to ${MAX_DIFFICULTY}.`);

export const reviewTagSchema = z
  .string()
  .trim()
  .min(1, 'A tag cannot be empty.')
  .max(REVIEW_TAG_MAX_LENGTH, `A tag is at most ${REVIEW_TAG_MAX_LENGTH} characters.`);

/** The list of tags an administrator offers (Settings): no empty or repeated tag. */
export const reviewTagChoicesSchema = z
  .array(reviewTagSchema)
  .min(1, 'Offer at least one tag.')
  .max(REVIEW_TAG_CHOICES_MAX, `At most ${REVIEW_TAG_CHOICES_MAX} tags.`)
  .refine((tags) => new Set(tags.map((tag) => tag.toLowerCase())).size === tags.length, 'Each tag once.');

/** What the author writes; the tutor is chosen once, when the review is created. */
export const reviewContentSchema = z.object({
  title: requiredText('The title', REVIEW_TITLE_MAX_LENGTH, REVIEW_FORM_INCOMPLETE_MESSAGE),
  body: requiredText('The review', REVIEW_BODY_MAX_LENGTH, REVIEW_FORM_INCOMPLETE_MESSAGE),
  rating: ratingSchema,
  /** Whether an AI model drafted the text; shown to readers. */
  aiAssisted: z.boolean().default(false),
  /** Show the author's name to other students; anonymous ("Anonymous student") unless chosen. */
  showName: z.boolean().default(false),
  /** One of the tutor's courses, or COURSE_NOT_LISTED; optional (null or empty: not said). */
  course: z
    .string()
    .trim()
    .max(COURSE_MAX_LENGTH, `A course is at most ${COURSE_MAX_LENGTH} characters.`)
    .nullable()
    .default(null)
    .transform((course) => course || null),
  term: termSchema.nullable().default(null),
  difficulty: difficultySchema.nullable().default(null),
  /** "Would take again?": Yes, No, or not said (null). */
  wouldTakeAgain: z.boolean().nullable().default(null),
  /** Up to REVIEW_TAGS_MAX of the tags the administrator offers, each once. */
  tags: z
    .array(reviewTagSchema)
    .max(REVIEW_TAGS_MAX, `Choose at most ${REVIEW_TAGS_MAX} tags.`)
    .refine((tags) => new Set(tags).size === tags.length, 'Choose each tag once.')
    .default([]),
});
export type ReviewContent = z.infer<typeof reviewContentSchema>;
export type ReviewContentInput = z.input<typeof reviewContentSchema>;

export const createReviewSchema = reviewContentSchema.extend({
  tutorId: z.uuid({ error: REVIEW_FORM_INCOMPLETE_MESSAGE }),
  screeningAcknowledged: screeningAcknowledgedSchema,
});
export type CreateReviewRequest = z.infer<typeof createReviewSchema>;
export type CreateReviewInput = z.input<typeof createReviewSchema>;

export const updateReviewSchema = reviewContentSchema.extend({ screeningAcknowledged: screeningAcknowledgedSchema });
export type UpdateReviewRequest = z.infer<typeof updateReviewSchema>;
export type UpdateReviewInput = z.input<typeof updateReviewSchema>;

export const reportReasonSchema = z.enum(reportReasons);

export const reportReviewSchema = z
  .object({
    reason: reportReasonSchema,
    details: z
      .string()
      .trim()
      .max(REPORT_DETAILS_MAX_LENGTH, `At most ${REPORT_DETAILS_MAX_LENGTH} characters.`)
      .optional(),
  })
  .refine((report) => report.reason !== 'other' || (report.details ?? '').length > 0, {
    message: REPORT_DETAILS_REQUIRED_MESSAGE,
    path: ['details'],
  });
export type ReportReviewRequest = z.infer<typeof reportReviewSchema>;
export type ReportReviewInput = z.input<typeof reportReviewSchema>;

export const reviewPathParamsSchema = z.object({ reviewId: z.string() });
