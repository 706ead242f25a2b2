import { z } from 'zod';

export {
  AI_SUMMARY_MAX_REVIEWS,
  AI_SUMMARY_MAX_SENTENCES,
  AI_SUMMARY_MIN_REVIEWS,
  AI_SUMMARY_NEW_REVIEWS,
  AI_SUMMARY_SENTENCE_MAX_LENGTH,
  aiSummaryLabel,
} from './review-summaries-constants';

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
