import { z } from 'zod';
import { pageOf, pageQuery } from './pagination';
import { reviewTutorSchema } from './review-answers';
import { MAX_RATING, MIN_RATING, MODERATION_REASON_MAX_LENGTH } from './reviews-constants';
import { requiredText } from './validation';

/** An appeal says why the review should come back: long enough to explain, short enough to read. */
export const APPEAL_TEXT_MAX_LENGTH = 2000;
export const ADMIN_APPEALS_PAGE_SIZE = 20;
export const APPEAL_ALREADY_MADE_MESSAGE = 'You have already appealed this review.';
export const APPEAL_ALREADY_DECIDED_MESSAGE = 'This appeal has already been decided.';
export const APPEAL_NOT_FOUND_MESSAGE = 'Appeal not found.';
export const APPEAL_RESTORE_CONFLICT_MESSAGE =
  'This review cannot be restored: its author has since written another review of this tutor. Uphold the decision instead.';

/** What an appeal was against: the review hidden, or deleted, by a moderator. */
export const appealAgainst = ['hidden', 'deleted'] as const;
export const appealStatuses = ['pending', 'restored', 'upheld'] as const;

/** The author's appeal of a hidden or deleted review, as its author sees it. */
export const reviewAppealSchema = z.object({
  id: z.uuid(),
  against: z.enum(appealAgainst),
  text: z.string(),
  /** Waiting for a moderator, or decided: restored or upheld with the moderator's reason. */
  status: z.enum(appealStatuses),
  decisionReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type ReviewAppeal = z.infer<typeof reviewAppealSchema>;

export const appealReviewSchema = z.object({
  text: requiredText('Your appeal', APPEAL_TEXT_MAX_LENGTH),
});
export type AppealReviewRequest = z.infer<typeof appealReviewSchema>;

export const reviewAppealResponseSchema = z.object({ appeal: reviewAppealSchema });
export type ReviewAppealResponse = z.infer<typeof reviewAppealResponseSchema>;

/** One of the author's reviews a moderator deleted, as it was, with the reason and the author's appeal if any. */
export const myDeletedReviewSchema = z.object({
  id: z.uuid(),
  tutor: reviewTutorSchema,
  title: z.string(),
  body: z.string(),
  rating: z.number().int().min(MIN_RATING).max(MAX_RATING),
  createdAt: z.iso.datetime(),
  reason: z.string(),
  deletedAt: z.iso.datetime(),
  appeal: reviewAppealSchema.nullable(),
});
export type MyDeletedReview = z.infer<typeof myDeletedReviewSchema>;

export const myDeletedReviewListSchema = z.object({ items: z.array(myDeletedReviewSchema) });
export type MyDeletedReviewList = z.infer<typeof myDeletedReviewListSchema>;

/** A waiting appeal as review management shows it: the review as it was, why it went, and the author's text. */
export const adminAppealSchema = z.object({
  id: z.uuid(),
  against: z.enum(appealAgainst),
  text: z.string(),
  createdAt: z.iso.datetime(),
  review: z.object({
    id: z.uuid(),
    title: z.string(),
    body: z.string(),
    rating: z.number().int().min(MIN_RATING).max(MAX_RATING),
    createdAt: z.iso.datetime(),
    tutor: z.object({ id: z.uuid(), name: z.string() }),
    author: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
    /** Where the review is now: still hidden, deleted, or already shown again by a moderator. */
    state: z.enum(['hidden', 'deleted', 'visible']),
    /** The moderator's reason for hiding or deleting it. */
    reason: z.string().nullable(),
    /** Who hid or deleted it; null once that account is gone. */
    removedBy: z.string().nullable(),
    removedAt: z.iso.datetime().nullable(),
  }),
});
export type AdminAppeal = z.infer<typeof adminAppealSchema>;

export const adminAppealListQuerySchema = z.object(pageQuery(ADMIN_APPEALS_PAGE_SIZE, 100));
export type AdminAppealListQuery = z.infer<typeof adminAppealListQuerySchema>;
export type AdminAppealListQueryInput = z.input<typeof adminAppealListQuerySchema>;
export const adminAppealListSchema = pageOf(adminAppealSchema);
export type AdminAppealList = z.infer<typeof adminAppealListSchema>;

export const appealDecisions = ['restore', 'uphold'] as const;
export type AppealDecision = (typeof appealDecisions)[number];

/** Restore or uphold, each with the reason its author is told. */
export const appealDecisionSchema = z.object({
  reason: requiredText('A reason', MODERATION_REASON_MAX_LENGTH),
});
export type AppealDecisionRequest = z.infer<typeof appealDecisionSchema>;

export const appealDecisionResponseSchema = z.object({ appeal: reviewAppealSchema });

export const appealPathParamsSchema = z.object({ appealId: z.string() });
