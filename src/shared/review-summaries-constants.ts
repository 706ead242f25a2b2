/**
 * The AI summaries' limits and label, on their own so that the profile page (which only shows
 * data) can use them without loading the schema library.
 */

/** Fewer visible reviews than this and a tutor gets no summary: a couple of reviews say it themselves. */
export const AI_SUMMARY_MIN_REVIEWS = 3;
/** A summary is written again once the tutor has this many more visible reviews than it was written from. */
export const AI_SUMMARY_NEW_REVIEWS = 5;
/** The most reviews one summary is written from (the most helpful, then the newest). */
export const AI_SUMMARY_MAX_REVIEWS = 40;
/** A summary is short: at most this many sentences, each at most this long. */
export const AI_SUMMARY_MAX_SENTENCES = 6;
export const AI_SUMMARY_SENTENCE_MAX_LENGTH = 300;

export const aiSummaryLabel = (reviewCount: number) =>
  `AI summary of ${reviewCount} review${reviewCount === 1 ? '' : 's'}`;
