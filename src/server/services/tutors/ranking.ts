import { eq, ne, sql } from 'drizzle-orm';
import { everythingChanged } from '../../cache/data-changes';
import type { Database } from '../../db/client';
import { changeData } from '../../db/change-data';
import { rankingPrior, tutors } from '../../db/schema';
import { RANKING_PRIOR_WEIGHT } from '../../../shared/tutors-constants';

/**
 * How far the mean of all reviews must have moved before every tutor's score is moved with it:
 * on a site of thousands of reviews it drifts slowly, and each move rewrites every tutor's row
 * and drops every kept list.
 */
export const RANKING_PRIOR_STEP = 0.01;

/**
 * A tutor's ranking score as tutors.ranking_score derives it, in the same operations and order
 * (so the same double): the visible reviews plus RANKING_PRIOR_WEIGHT imagined ones at the
 * prior mean; null without reviews.
 */
export function rankingScoreOf(ratingSum: number, reviewCount: number, priorMean: number): number | null {
  return reviewCount > 0 ? (ratingSum + RANKING_PRIOR_WEIGHT * priorMean) / (reviewCount + RANKING_PRIOR_WEIGHT) : null;
}

/** The middle of the scale: the prior while no public tutor has a visible review. */
const PRIOR_WITHOUT_REVIEWS = 3;

/**
 * Moves the ranking's prior (the mean "Highest rated" pulls tutors with few reviews toward) to
 * the mean of every visible review of a public tutor, and every tutor's score with it, when it
 * moved by RANKING_PRIOR_STEP or more (`force`: by any amount). One transaction: every tutor
 * ranks against the same prior at every commit. Answers the new prior, or null when it stayed.
 */
export async function refreshRankingPrior(db: Database, now: Date, { force = false } = {}): Promise<number | null> {
  return changeData(db, [], async (tx, alsoChanged) => {
    // Locked first: two instances refreshing at once take turns.
    const [stored] = await tx.select().from(rankingPrior).for('update');
    const [current] = await tx
      .select({
        mean: sql<number>`coalesce(sum(${tutors.ratingSum})::double precision / nullif(sum(${tutors.reviewCount}), 0), ${sql.raw(String(PRIOR_WITHOUT_REVIEWS))})`,
      })
      .from(tutors)
      .where(eq(tutors.isPublic, true));
    const mean = current!.mean;
    if (stored && (stored.mean === mean || (!force && Math.abs(stored.mean - mean) < RANKING_PRIOR_STEP))) return null;
    await tx
      .insert(rankingPrior)
      .values({ mean, refreshedAt: now })
      .onConflictDoUpdate({ target: rankingPrior.id, set: { mean, refreshedAt: now } });
    await tx.update(tutors).set({ rankingPriorMean: mean }).where(ne(tutors.rankingPriorMean, mean));
    // Every tutor's score moved: every list by rating, whatever its filter or page.
    alsoChanged(everythingChanged('the ranking prior moved'));
    return mean;
  });
}
