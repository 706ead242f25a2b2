import { and, eq, inArray } from 'drizzle-orm';
import { isReviewId, OWN_REVIEW_HELPFUL_MESSAGE, STUDENTS_ONLY_HELPFUL_MESSAGE } from '../../../shared/reviews';
import type { HelpfulVote } from '../../../shared/review-answers';
import { helpfulVoteChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database } from '../../db/client';
import { reviewHelpfulVotes, reviews, tutors } from '../../db/schema';
import { AppError, isForeignKeyViolation } from '../../lib/errors';
import { isAdmin, type Viewer } from '../auth/viewer';
import { reviewNotFound } from './access';
import { OWN_PROFILE_HELPFUL_MESSAGE } from '../../../shared/tutor-side';

/**
 * The review a vote is about: one listed on a tutor's page (visible, of a public tutor) and not
 * the voter's own. Any other is not found, as it is not listed for them. Only students vote: the
 * count says what students found useful. The tutor's own account (an approved claim) does not
 * mark reviews of its profile, as it does not review it: "Most helpful" would be its to order.
 * Taking back a vote stays possible (one given before the claim).
 */
async function votableReview(
  db: Database,
  voter: Viewer,
  reviewId: string,
  purpose: 'mark' | 'unmark',
): Promise<{ tutorId: string }> {
  if (isAdmin(voter)) throw new AppError('forbidden', STUDENTS_ONLY_HELPFUL_MESSAGE);
  if (!isReviewId(reviewId)) throw reviewNotFound();
  const [review] = await db
    .select({ tutorId: reviews.tutorId, authorId: reviews.authorId, claimedBy: tutors.claimedBy })
    .from(reviews)
    .innerJoin(tutors, eq(tutors.id, reviews.tutorId))
    .where(and(eq(reviews.id, reviewId), eq(reviews.isHidden, false), eq(tutors.isPublic, true)))
    .limit(1);
  if (!review) throw reviewNotFound();
  if (review.authorId === voter.id) throw new AppError('forbidden', OWN_REVIEW_HELPFUL_MESSAGE);
  if (purpose === 'mark' && review.claimedBy === voter.id) throw new AppError('forbidden', OWN_PROFILE_HELPFUL_MESSAGE);
  return review;
}

/** The review's count once the vote is in or out (a trigger on the votes keeps it). */
async function helpfulCountOf(db: Database, reviewId: string): Promise<number> {
  const [review] = await db
    .select({ helpfulCount: reviews.helpfulCount })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .limit(1);
  if (!review) throw reviewNotFound();
  return review.helpfulCount;
}

/** A student marks another student's review helpful; marking it again changes nothing. */
export async function markHelpful(db: Database, voter: Viewer, reviewId: string, now: Date): Promise<HelpfulVote> {
  const { tutorId } = await votableReview(db, voter, reviewId, 'mark');
  try {
    return await changeData(db, helpfulVoteChanged(tutorId, voter.id), async (tx) => {
      await tx
        .insert(reviewHelpfulVotes)
        .values({ reviewId, voterId: voter.id, createdAt: now })
        .onConflictDoNothing({ target: [reviewHelpfulVotes.reviewId, reviewHelpfulVotes.voterId] });
      return { helpfulCount: await helpfulCountOf(tx, reviewId), markedHelpfulByMe: true };
    });
  } catch (err) {
    // The review was deleted between the look and the vote.
    if (isForeignKeyViolation(err)) throw reviewNotFound();
    throw err;
  }
}

/** The student takes their vote back; taking back a vote never given changes nothing. */
export async function unmarkHelpful(db: Database, voter: Viewer, reviewId: string): Promise<HelpfulVote> {
  const { tutorId } = await votableReview(db, voter, reviewId, 'unmark');
  return changeData(db, helpfulVoteChanged(tutorId, voter.id), async (tx) => {
    await tx
      .delete(reviewHelpfulVotes)
      .where(and(eq(reviewHelpfulVotes.reviewId, reviewId), eq(reviewHelpfulVotes.voterId, voter.id)));
    return { helpfulCount: await helpfulCountOf(tx, reviewId), markedHelpfulByMe: false };
  });
}

/**
 * Takes back every vote of an account that is going, each review's count with it (the trigger),
 * and says whose review pages changed. Called with the account's row locked, so no vote comes
 * in meanwhile; inside a caller's transaction it runs as a savepoint of it.
 */
export async function withdrawAllHelpfulVotesOf(db: Database, voterId: string): Promise<void> {
  await changeData(db, [{ kind: 'votes', userId: voterId }], async (tx, alsoChanged) => {
    const withdrawn = await tx
      .delete(reviewHelpfulVotes)
      .where(eq(reviewHelpfulVotes.voterId, voterId))
      .returning({ reviewId: reviewHelpfulVotes.reviewId });
    if (withdrawn.length === 0) return;
    const reviewed = await tx
      .selectDistinct({ tutorId: reviews.tutorId })
      .from(reviews)
      .where(
        inArray(
          reviews.id,
          withdrawn.map((vote) => vote.reviewId),
        ),
      );
    for (const { tutorId } of reviewed) alsoChanged({ kind: 'tutor-reviews', tutorId });
  });
}
