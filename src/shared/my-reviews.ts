import { z } from 'zod';
import { reviewAppealSchema } from './appeals';
import { pageOf, pageQuery } from './pagination';
import { helpfulCountSchema, reviewFields } from './review-answers';
import { MY_REVIEWS_PAGE_SIZE, MY_REVIEWS_TUTOR_IDS_MAX } from './reviews-constants';

// The author's own reviews (My Reviews, and the review form's answer): answers the web app
// only reads, kept apart from the review's form schemas so the form pages do not build them.

/** The author's own review, with whether a moderator hid it and why, and the author's appeal if any. */
export const myReviewSchema = z.object({
  ...reviewFields,
  helpfulCount: helpfulCountSchema,
  showName: z.boolean(),
  isHidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  /** Held by the screen ("Waiting for a moderator"): seen by its author only until a moderator publishes it. */
  waitingForModerator: z.boolean(),
  appeal: reviewAppealSchema.nullable(),
});
export type MyReview = z.infer<typeof myReviewSchema>;

export const reviewResponseSchema = z.object({ review: myReviewSchema });
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

export const myReviewsQuerySchema = z.object({
  /** Only the review of this tutor, if any: the form uses it to offer editing instead of a second review. */
  tutorId: z.uuid().optional(),
  /**
   * Only the reviews of these tutors, comma-separated: the tutor picker marks the tutors listed
   * that the student has reviewed already.
   */
  tutorIds: z
    .string()
    .max(MY_REVIEWS_TUTOR_IDS_MAX * 37)
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(z.array(z.uuid()).max(MY_REVIEWS_TUTOR_IDS_MAX, `At most ${MY_REVIEWS_TUTOR_IDS_MAX} tutors.`))
    .optional(),
  ...pageQuery(MY_REVIEWS_PAGE_SIZE, 50),
});
export type MyReviewsQuery = z.infer<typeof myReviewsQuerySchema>;
export type MyReviewsQueryInput = z.input<typeof myReviewsQuerySchema>;
export const myReviewListSchema = pageOf(myReviewSchema);
export type MyReviewList = z.infer<typeof myReviewListSchema>;
