import { z } from 'zod';
import { pageQuery, pageOf } from './pagination';
import { reportReasonSchema } from './reviews';
import { helpfulCountSchema, reviewFields } from './review-answers';
import { ADMIN_REVIEWS_PAGE_SIZE, MODERATION_REASON_MAX_LENGTH, REVIEW_SEARCH_MAX_LENGTH } from './reviews-constants';
import { screeningFindingSchema } from './screening';
import { responseFromTutorSchema } from './tutor-side';
import { requiredText } from './validation';

// Review management: the moderators' list, what it shows of a review (reports, what the screen
// found, the tutor's response) and their reasons. Apart from the reviews' own schemas, so the
// pages where students write do not build them.

export const moderationReasonSchema = z.object({
  reason: requiredText('A reason', MODERATION_REASON_MAX_LENGTH),
});
export type ModerationReasonRequest = z.infer<typeof moderationReasonSchema>;

/** `?flag=true|false` in a query string (z.coerce.boolean would read "false" as true). */
const queryFlag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

export const adminReviewListQuerySchema = z.object({
  /** Title, text, author name or email, tutor name: case- and accent-insensitive. */
  q: z
    .string()
    .trim()
    .max(REVIEW_SEARCH_MAX_LENGTH, `Search at most ${REVIEW_SEARCH_MAX_LENGTH} characters.`)
    .optional(),
  /** Leave hidden reviews out. */
  hideHidden: queryFlag,
  /** Only hidden reviews (Review Management's Hidden tab). */
  hidden: queryFlag,
  /** Only reviews with open reports, the most reported first. */
  reported: queryFlag,
  /** Only reviews the screen flagged or holds for a moderator (Review Management's Flagged tab). */
  flagged: queryFlag,
  ...pageQuery(ADMIN_REVIEWS_PAGE_SIZE, 100),
});
export type AdminReviewListQuery = z.infer<typeof adminReviewListQuerySchema>;
export type AdminReviewListQueryInput = z.input<typeof adminReviewListQuerySchema>;

export const reviewReportSchema = z.object({
  id: z.uuid(),
  reason: reportReasonSchema,
  details: z.string().nullable(),
  reporterName: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ReviewReport = z.infer<typeof reviewReportSchema>;

/** The tutor's response as review management shows it: with what the screen found in it. */
export const adminResponseFromTutorSchema = responseFromTutorSchema.extend({
  /** Flagged by the screen and not yet approved, hidden or deleted by a moderator. */
  flagged: z.boolean(),
  /** What the screen found when it was last written. */
  screeningFindings: z.array(screeningFindingSchema),
});
export type AdminResponseFromTutor = z.infer<typeof adminResponseFromTutorSchema>;

export const adminReviewSchema = z.object({
  ...reviewFields,
  helpfulCount: helpfulCountSchema,
  /** Whether other students see the author's name; moderators always do. */
  showName: z.boolean(),
  isHidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  author: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  /** Reports no moderator has acted on yet. */
  openReportCount: z.number().int().nonnegative(),
  /** The latest open reports (at most ADMIN_REVIEW_REPORTS_SHOWN). */
  reports: z.array(reviewReportSchema),
  /** Held by the screen until a moderator publishes it ("Waiting for a moderator"). */
  waitingForModerator: z.boolean(),
  /** Flagged by the screen and not yet approved, hidden or deleted by a moderator. */
  flagged: z.boolean(),
  /** What the screen found when it was last submitted or edited. */
  screeningFindings: z.array(screeningFindingSchema),
  /** The tutor's response, hidden or not, with what the screen found in it; null when there is none. */
  response: adminResponseFromTutorSchema.nullable(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewListSchema = pageOf(adminReviewSchema);
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;

export const adminReviewResponseSchema = z.object({ review: adminReviewSchema });
export type AdminReviewResponse = z.infer<typeof adminReviewResponseSchema>;
