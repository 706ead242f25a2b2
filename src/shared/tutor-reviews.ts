import { z } from 'zod';
import { pageOf, pageQuery } from './pagination';
import { helpfulCountSchema, reviewDetailFields, shownAuthorNameSchema } from './review-answers';
import { tutorReviewSorts } from './reviews-constants';
import { responseFromTutorSchema } from './tutor-side';
import { COURSE_MAX_LENGTH, TUTOR_REVIEWS_PAGE_SIZE } from './tutors-constants';

// A tutor profile's reviews, each with the tutor's response: apart from the tutors' schemas,
// so the tutor forms do not build the reviews' and the responses' answers.

export const tutorReviewSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  rating: z.number().int().min(1).max(5),
  authorName: shownAuthorNameSchema,
  aiAssisted: z.boolean(),
  ...reviewDetailFields,
  helpfulCount: helpfulCountSchema,
  /** The caller wrote it: the profile offers Edit instead of Report. */
  writtenByMe: z.boolean(),
  /** The caller has reported it already; a second report is refused. */
  reportedByMe: z.boolean(),
  /** The caller marked it helpful (and may take the vote back). */
  markedHelpfulByMe: z.boolean(),
  /** "Response from the tutor"; null when there is none, or it is hidden from this reader. */
  response: responseFromTutorSchema.nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type TutorReview = z.infer<typeof tutorReviewSchema>;

/** `?recent=1`: only reviews of the last RECENT_REVIEW_MONTHS months. */
const onOrOff = z
  .enum(['1', '0', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true')
  .optional();

/** A tutor's reviews: one order, optional filters, a page. Each combination is its own kept page. */
export const tutorReviewsQuerySchema = z.object({
  sort: z.enum(tutorReviewSorts).default('newest'),
  /** Only reviews that name this course (COURSE_NOT_LISTED included). */
  course: z.string().trim().min(1).max(COURSE_MAX_LENGTH).optional(),
  /** Only reviews with this many stars. */
  rating: z.coerce.number().int().min(1).max(5).optional(),
  recent: onOrOff,
  ...pageQuery(TUTOR_REVIEWS_PAGE_SIZE, 50),
});
export type TutorReviewsQueryInput = z.input<typeof tutorReviewsQuerySchema>;
export type TutorReviewsQuery = z.infer<typeof tutorReviewsQuerySchema>;
export const tutorReviewListSchema = pageOf(tutorReviewSchema);
export type TutorReviewList = z.infer<typeof tutorReviewListSchema>;
