import { and, eq, sql } from 'drizzle-orm';
import type { WritableDatabase } from '../../db/client';
import { tutorReviewSummaries } from '../../db/schema';

/**
 * A review the tutor's summary was written from is hidden, deleted or rewritten: the summary is
 * no longer shown, and the background task writes it again. One primary-key update, in the
 * transaction of the change; nothing happens when the review is not among its reviews.
 */
export async function markReviewSummaryStale(tx: WritableDatabase, tutorId: string, reviewId: string): Promise<void> {
  await tx
    .update(tutorReviewSummaries)
    .set({ staleAt: sql`coalesce(${tutorReviewSummaries.staleAt}, now())` })
    .where(
      and(eq(tutorReviewSummaries.tutorId, tutorId), sql`${reviewId}::uuid = any(${tutorReviewSummaries.reviewIds})`),
    );
}
