import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { WritableDatabase } from '../../db/client';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { tutors } from '../../db/schema';

/**
 * A change to the tutor's stored aggregates over visible reviews: the count, the rating sum and
 * how many reviews gave each number of stars. Always applied in the transaction (or the
 * statement) of the review change it accounts for, with the tutor row locked, so the stored
 * average and distribution are exact after every commit (a check constraint keeps the three in
 * agreement).
 */
export type AggregateChange = readonly { rating: number | Placeholder; by: 1 | -1 }[];

/** A new review: its rating may be a prepared statement's placeholder. */
export const reviewShown = (rating: number | Placeholder): AggregateChange => [{ rating, by: 1 }];
export const reviewRemoved = (rating: number): AggregateChange => [{ rating, by: -1 }];
export const ratingChanged = (from: number, to: number): AggregateChange =>
  from === to
    ? []
    : [
        { rating: from, by: -1 },
        { rating: to, by: 1 },
      ];

/** The stored count of each number of stars, 1 to 5. */
export const starCountColumns = [
  tutors.rating1Count,
  tutors.rating2Count,
  tutors.rating3Count,
  tutors.rating4Count,
  tutors.rating5Count,
] as const;
const starCountKeys = ['rating1Count', 'rating2Count', 'rating3Count', 'rating4Count', 'rating5Count'] as const;

const ratingOf = (rating: number | Placeholder): SQL => sql`${rating}::smallint`;

/** `column + change`, the change as SQL. */
const plus = (column: AnyPgColumn, terms: SQL[]): SQL => sql`${column} + ${sql.join(terms, sql` + `)}`;

export function aggregatesAfter(change: AggregateChange): Partial<Record<string, SQL>> {
  if (change.length === 0) return {};
  const set: Partial<Record<string, SQL>> = {
    reviewCount: plus(
      tutors.reviewCount,
      change.map(({ by }) => sql`${by}`),
    ),
    ratingSum: plus(
      tutors.ratingSum,
      change.map(({ rating, by }) => sql`${by} * ${ratingOf(rating)}`),
    ),
  };
  starCountKeys.forEach((key, index) => {
    const stars = index + 1;
    const terms = change.flatMap(({ rating, by }) => {
      if (typeof rating === 'number') return rating === stars ? [sql`${by}`] : [];
      return [sql`(case when ${ratingOf(rating)} = ${stars} then ${by} else 0 end)`];
    });
    if (terms.length > 0) set[key] = plus(starCountColumns[index]!, terms);
  });
  return set;
}

export async function applyAggregateChange(
  tx: WritableDatabase,
  tutorId: string,
  change: AggregateChange,
): Promise<void> {
  if (change.length === 0) return;
  await tx.update(tutors).set(aggregatesAfter(change)).where(eq(tutors.id, tutorId));
}
