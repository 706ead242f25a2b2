import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { type MyStatistics, STATISTICS_MONTHS } from '../../shared/statistics';
import type { Database } from '../db/client';
import { reviews, tutors } from '../db/schema';

/** `YYYY-MM` of a UTC month, counted as months since year 0. */
function monthLabel(monthIndex: number): string {
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** The first instant of a UTC month given as months since year 0. */
function monthStart(monthIndex: number): Date {
  return new Date(Date.UTC(Math.floor(monthIndex / 12), monthIndex % 12, 1));
}

/**
 * A student's own numbers. Hidden reviews count: they are still the student's, and the
 * student still sees them in My Reviews. Every query reads the author or submitter index.
 */
export async function getMyStatistics(db: Database, userId: string, now: Date): Promise<MyStatistics> {
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const firstMonth = thisMonth - (STATISTICS_MONTHS - 1);
  const monthOfReview = sql<string>`to_char(${reviews.createdAt} at time zone 'UTC', 'YYYY-MM')`;

  const [ratingRows, monthRows, statusRows] = await Promise.all([
    db
      .select({ rating: reviews.rating, count: count() })
      .from(reviews)
      .where(eq(reviews.authorId, userId))
      .groupBy(reviews.rating),
    db
      .select({ month: monthOfReview, count: count() })
      .from(reviews)
      .where(
        and(
          eq(reviews.authorId, userId),
          gte(reviews.createdAt, monthStart(firstMonth)),
          lt(reviews.createdAt, monthStart(thisMonth + 1)),
        ),
      )
      // By position: the expression carries parameters, and PostgreSQL matches a repeated one by its text.
      .groupBy(sql`1`),
    db
      .select({ status: tutors.status, count: count() })
      .from(tutors)
      .where(eq(tutors.submittedBy, userId))
      .groupBy(tutors.status),
  ]);

  const byRating = new Map(ratingRows.map((row) => [row.rating, row.count]));
  const ratingsGiven = [1, 2, 3, 4, 5].map((rating) => ({ rating, count: byRating.get(rating) ?? 0 }));
  const reviewTotal = ratingsGiven.reduce((sum, { count: n }) => sum + n, 0);
  const ratingSum = ratingsGiven.reduce((sum, { rating, count: n }) => sum + rating * n, 0);

  const byMonth = new Map(monthRows.map((row) => [row.month, row.count]));
  const reviewsByMonth = Array.from({ length: STATISTICS_MONTHS }, (_, offset) => {
    const month = monthLabel(firstMonth + offset);
    return { month, count: byMonth.get(month) ?? 0 };
  });

  const submissionsByStatus = { pending: 0, approved: 0, rejected: 0 };
  for (const row of statusRows) submissionsByStatus[row.status] = row.count;

  return {
    totals: {
      reviews: reviewTotal,
      averageRatingGiven: reviewTotal > 0 ? ratingSum / reviewTotal : null,
      submissions: submissionsByStatus.pending + submissionsByStatus.approved + submissionsByStatus.rejected,
    },
    reviewsByMonth,
    ratingsGiven,
    submissionsByStatus,
  };
}
