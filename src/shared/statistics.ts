import { z } from 'zod';

/** How many months the student's review chart covers, this month included. */
export const STATISTICS_MONTHS = 12;

/** A student's own numbers for /user/statistics. */
export const myStatisticsSchema = z.object({
  totals: z.object({
    reviews: z.number().int(),
    /** The mean of the ratings the student gave; null without reviews. */
    averageRatingGiven: z.number().nullable(),
    submissions: z.number().int(),
  }),
  /** Oldest first, one entry per month (YYYY-MM), months without reviews included. */
  reviewsByMonth: z.array(z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), count: z.number().int() })),
  /** Ratings 1 to 5, in order. */
  ratingsGiven: z.array(z.object({ rating: z.number().int().min(1).max(5), count: z.number().int() })),
  submissionsByStatus: z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
});
export type MyStatistics = z.infer<typeof myStatisticsSchema>;
