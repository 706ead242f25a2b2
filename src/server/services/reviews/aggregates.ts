import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tutors, type TutorRow } from '../../db/schema';

/**
 * A change to the tutor's stored count and rating sum over visible reviews. Always called in
 * the transaction of the review change it accounts for, with the tutor row locked, so the
 * stored average (derived from the two) is exact after every commit.
 */
export interface AggregateChange {
  count: number;
  sum: number;
}

export const reviewShown = (rating: number): AggregateChange => ({ count: 1, sum: rating });
export const reviewRemoved = (rating: number): AggregateChange => ({ count: -1, sum: -rating });
export const ratingChanged = (from: number, to: number): AggregateChange => ({ count: 0, sum: to - from });

function aggregatesAfter(change: AggregateChange) {
  return { reviewCount: sql`${tutors.reviewCount} + ${change.count}`, ratingSum: sql`${tutors.ratingSum} + ${change.sum}` };
}

export async function applyAggregateChange(tx: Database, tutorId: string, change: AggregateChange): Promise<void> {
  if (change.count === 0 && change.sum === 0) return;
  await tx.update(tutors).set(aggregatesAfter(change)).where(eq(tutors.id, tutorId));
}

/**
 * Counts a new visible review before it is written, in one statement that also locks the
 * tutor's row and answers it (undefined for no such tutor). The caller's transaction undoes
 * the count if the review is then refused.
 */
export async function countNewReview(tx: Database, tutorId: string, rating: number): Promise<TutorRow | undefined> {
  const [tutor] = await tx.update(tutors).set(aggregatesAfter(reviewShown(rating))).where(eq(tutors.id, tutorId)).returning();
  return tutor;
}
