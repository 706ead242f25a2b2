import { and, asc, eq, exists, gte, inArray, lt, sql } from 'drizzle-orm';
import { RECENT_REVIEW_MONTHS } from '../../../shared/reviews-constants';
import { changeData } from '../../db/change-data';
import type { Database } from '../../db/client';
import { reviews, tutors } from '../../db/schema';

/** Tutors recounted per transaction: each batch holds its rows' locks only briefly. */
const BATCH_SIZE = 100;

/** Where the "last 12 months" start at `now`. */
export function recentWindowStart(now: Date): Date {
  const start = new Date(now);
  start.setUTCMonth(start.getUTCMonth() - RECENT_REVIEW_MONTHS);
  return start;
}

/**
 * Moves each tutor's recent window ("last 12 months") on to `now`, as its reviews age: every
 * review change keeps the recent count and sum exact for the window the row names, so only
 * the tutors with a visible review written between their window's start and the new start need
 * anything done; the others' figures are the same for either start (a hidden review counts in
 * neither, and once shown again it is found here the next time). Each of those is locked, then
 * recounted in the next statement, whose snapshot sees every review change committed before the
 * lock was granted. Answers how many tutors moved.
 */
export async function refreshRecentWindow(db: Database, now: Date): Promise<number> {
  const start = recentWindowStart(now);
  // A look per tutor down its visible reviews' index (newest first), not a pass over every
  // review: its cost follows the number of tutors, whatever the number of reviews.
  const aging = await db
    .select({ id: tutors.id })
    .from(tutors)
    .where(
      and(
        lt(tutors.recentSince, start),
        exists(
          db
            .select({ one: sql`1` })
            .from(reviews)
            .where(
              and(
                eq(reviews.tutorId, tutors.id),
                eq(reviews.isHidden, false),
                gte(reviews.createdAt, tutors.recentSince),
                lt(reviews.createdAt, start),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(tutors.id));
  for (let offset = 0; offset < aging.length; offset += BATCH_SIZE) {
    const ids = aging.slice(offset, offset + BATCH_SIZE).map((row) => row.id);
    await changeData(db, [], async (tx, alsoChanged) => {
      const locked = await tx
        .select({
          id: tutors.id,
          searchText: tutors.searchText,
          department: tutors.department,
          rankingScore: tutors.rankingScore,
        })
        .from(tutors)
        .where(inArray(tutors.id, ids))
        .orderBy(asc(tutors.id))
        .for('no key update');
      // Only the profile's recent figures move: the list pages by rating keep their order.
      for (const tutor of locked)
        alsoChanged({
          kind: 'tutor',
          tutorId: tutor.id,
          searchText: tutor.searchText,
          department: tutor.department,
          membership: false,
          ratingMoved: { from: tutor.rankingScore, to: tutor.rankingScore },
        });
      const visibleSince = and(
        eq(reviews.tutorId, tutors.id),
        eq(reviews.isHidden, false),
        gte(reviews.createdAt, start),
      );
      await tx
        .update(tutors)
        .set({
          recentSince: start,
          recentReviewCount: sql`(select count(*) from ${reviews} where ${visibleSince})`,
          recentRatingSum: sql`(select coalesce(sum(${reviews.rating}), 0) from ${reviews} where ${visibleSince})`,
        })
        .where(inArray(tutors.id, ids));
    });
  }
  return aging.length;
}
