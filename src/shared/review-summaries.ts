import { z } from 'zod';

/** Fewer visible reviews than this and a tutor gets no summary: a couple of reviews say it themselves. */
export const AI_SUMMARY_MIN_REVIEWS = 3;
/** A summary is written again once the tutor has this many more visible reviews than it was written from. */
export const AI_SUMMARY_NEW_REVIEWS = 5;
/** The most reviews one summary is written from (the most helpful, then the newest). */
export const AI_SUMMARY_MAX_REVIEWS = 40;
/** A summary is short: at most this many sentences, each at most this long. */
export const AI_SUMMARY_MAX_SENTENCES = 6;
export const AI_SUMMARY_SENTENCE_MAX_LENGTH = 300;

/** One sentence and the reviews it comes from (their ids; each a visible review of the tutor). */
export const reviewSummarySentenceSchema = z.object({
  text: z.string(),
  reviewIds: z.array(z.uuid()).min(1),
});

export const reviewSummarySchema = z.object({
  sentences: z.array(reviewSummarySentenceSchema).min(1),
  /** How many reviews it was written from: "AI summary of N reviews". */
  reviewCount: z.number().int().min(1),
  generatedAt: z.iso.datetime(),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

/** Null while there is none to show: the setting off, no provider, too few reviews, or one being written again. */
export const reviewSummaryResponseSchema = z.object({ summary: reviewSummarySchema.nullable() });
export type ReviewSummaryResponse = z.infer<typeof reviewSummaryResponseSchema>;

export const aiSummaryLabel = (reviewCount: number) =>
  `AI summary of ${reviewCount} review${reviewCount === 1 ? '' : 's'}`;
