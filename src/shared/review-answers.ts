import { z } from 'zod';
import { termSchema } from './reviews';
import {
  ALL_REVIEWS_PAGE_SIZE,
  ALL_REVIEWS_PAGE_SIZE_MAX,
  MAX_DIFFICULTY,
  MAX_RATING,
  MIN_DIFFICULTY,
  MIN_RATING,
} from './reviews-constants';
import { COURSE_MAX_LENGTH, DEPARTMENT_MAX_LENGTH } from './tutors-constants';
import { storedImageSchema } from './uploads';

// How the API shows a review: the fields every answer carrying one has, and the public lists.
// The web app only reads these answers; kept apart from the review form's schemas (reviews.ts),
// which the form pages build.

/** The tutor a review is about, as review cards show it. */
export const reviewTutorSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  department: z.string(),
  image: storedImageSchema.nullable(),
  isPublic: z.boolean(),
});
export type ReviewTutor = z.infer<typeof reviewTutorSchema>;

/** What a review says besides its title, text and stars, as every review answer carries it. */
export const reviewDetailFields = {
  course: z.string().nullable(),
  term: termSchema.nullable(),
  difficulty: z.number().int().min(MIN_DIFFICULTY).max(MAX_DIFFICULTY).nullable(),
  wouldTakeAgain: z.boolean().nullable(),
  tags: z.array(z.string()),
};

export const reviewDetailsSchema = z.object(reviewDetailFields);
export type ReviewDetails = z.infer<typeof reviewDetailsSchema>;

/** How many students marked the review helpful: on a tutor's page and for its author. */
export const helpfulCountSchema = z.number().int().nonnegative();

/** The fields every answer carrying a whole review has. */
export const reviewFields = {
  id: z.uuid(),
  tutor: reviewTutorSchema,
  title: z.string(),
  body: z.string(),
  rating: z.number().int().min(MIN_RATING).max(MAX_RATING),
  aiAssisted: z.boolean(),
  ...reviewDetailFields,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};

/**
 * Who wrote a review, as other students see it: the author's name only when they chose to show
 * it; null for an anonymous review, which names no one ("Anonymous student").
 */
export const shownAuthorNameSchema = z.string().nullable();

/** A visible review in the public lists (All Reviews, Recent Reviews). */
export const reviewCardSchema = z.object({ ...reviewFields, authorName: shownAuthorNameSchema });
export type ReviewCard = z.infer<typeof reviewCardSchema>;

/**
 * All Reviews is a feed: each page ends in a cursor naming its last review, and the next page
 * starts after it. Unlike page numbers this costs the same on page 1 and page 40000.
 */
export const reviewFeedQuerySchema = z.object({
  cursor: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'The cursor is not valid.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(ALL_REVIEWS_PAGE_SIZE_MAX).default(ALL_REVIEWS_PAGE_SIZE),
  /** Only reviews of tutors in this department. */
  department: z.string().trim().max(DEPARTMENT_MAX_LENGTH).optional(),
  /** Only reviews that name this course, in any letter case. */
  course: z.string().trim().max(COURSE_MAX_LENGTH).optional(),
});
export type ReviewFeedQuery = z.infer<typeof reviewFeedQuerySchema>;
export const reviewFeedSchema = z.object({
  items: z.array(reviewCardSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /**
   * How many reviews the feed holds ("Showing 24 of 295"), counted up to REVIEW_FEED_COUNT_MAX:
   * past it `more` is true ("of 1,000+"). On the first page; null after a cursor.
   */
  total: z.object({ count: z.number().int().nonnegative(), more: z.boolean() }).nullable(),
});
export type ReviewFeed = z.infer<typeof reviewFeedSchema>;

export const recentReviewsSchema = z.object({ items: z.array(reviewCardSchema) });
export type RecentReviews = z.infer<typeof recentReviewsSchema>;

/** A helpful vote given or taken back: the review's count after it, and whether the caller's vote stands. */
export const helpfulVoteSchema = z.object({
  helpfulCount: z.number().int().nonnegative(),
  markedHelpfulByMe: z.boolean(),
});
export type HelpfulVote = z.infer<typeof helpfulVoteSchema>;
