import { eq, sql, type Placeholder } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tutors } from '../../db/schema';

/**
 * A change to the tutor's stored count and rating sum over visible reviews. Always applied in
 * the transaction (or the statement) of the review change it accounts for, with the tutor row
 * locked, so the stored average (derived from the two) is exact after every commit.
 */
export interface AggregateChange {
  count: number;
  sum: number;
}

/** A new review: its rating may be a prepared statement's placeholder. */
export const reviewShown = <Rating extends number | Placeholder>(rating: Rating) => ({ count: 1, sum: rating });
export const reviewRemoved = (rating: number): AggregateChange => ({ count: -1, sum: -rating });
export const ratingChanged = (from: number, to: number): AggregateChange => ({ count: 0, sum: to - from });

export function aggregatesAfter(change: { count: number; sum: number | Placeholder }) {
  return {
    reviewCount: sql`${tutors.reviewCount} + ${change.count}`,
    ratingSum: sql`${tutors.ratingSum} + ${change.sum}`,
  };
}

export async function applyAggregateChange(tx: Database, tutorId: string, change: AggregateChange): Promise<void> {
  if (change.count === 0 && change.sum === 0) return;
  await tx.update(tutors).set(aggregatesAfter(change)).where(eq(tutors.id, tutorId));
}
