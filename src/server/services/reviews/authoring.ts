import { asc, eq } from 'drizzle-orm';
import {
  ALREADY_REVIEWED_MESSAGE,
  PUBLIC_TUTORS_ONLY_MESSAGE,
  type CreateReviewRequest,
  type MyReview,
  type UpdateReviewRequest,
} from '../../../shared/reviews';
import type { Database } from '../../db/client';
import { reviews, type TutorRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { canSee, tutorNotFound, type Viewer } from '../tutors/access';
import { assertAuthor, lockReview } from './access';
import { applyAggregateChange, countNewReview, ratingChanged, reviewRemoved } from './aggregates';
import { getOwnReview } from './queries';
import { reviewColumns, toMyReview } from './views';

const reviewExists = () => new AppError('review_exists', ALREADY_REVIEWED_MESSAGE);

/** Reviews are written about public tutors only, by anyone, admins included. */
export function assertReviewable(tutor: Pick<TutorRow, 'isPublic'>): void {
  if (!tutor.isPublic) throw new AppError('forbidden', PUBLIC_TUTORS_ONLY_MESSAGE);
}

/**
 * A new review and the tutor's count and rating sum, in one transaction: either both happen
 * or neither does. One review per student and tutor; a second attempt is told to edit the first.
 * Counting first locks the tutor's row, so concurrent reviews of one tutor queue there.
 */
export async function createReview(db: Database, author: Viewer, input: CreateReviewRequest, now: Date): Promise<MyReview> {
  return db.transaction(async (tx) => {
    const tutor = await countNewReview(tx, input.tutorId, input.rating);
    if (!tutor || !canSee(author, tutor)) throw tutorNotFound();
    assertReviewable(tutor);
    const [review] = await tx
      .insert(reviews)
      .values({
        tutorId: tutor.id,
        authorId: author.id,
        title: input.title,
        body: input.body,
        rating: input.rating,
        aiAssisted: input.aiAssisted,
        createdAt: now,
        updatedAt: now,
      })
      // The unique index reviews_one_per_author_per_tutor decides; the tutor lock orders the attempts.
      .onConflictDoNothing({ target: [reviews.tutorId, reviews.authorId] })
      .returning(reviewColumns);
    if (!review) throw reviewExists();
    return toMyReview({ review, tutor });
  });
}

/** The author rewrites their review; a visible one moves the tutor's average by the rating's change. */
export async function updateOwnReview(
  db: Database,
  author: Viewer,
  reviewId: string,
  input: UpdateReviewRequest,
  now: Date,
): Promise<MyReview> {
  await db.transaction(async (tx) => {
    const locked = await lockReview(tx, reviewId);
    assertAuthor(author, locked);
    assertReviewable(locked.tutor);
    const { review } = locked;
    await tx
      .update(reviews)
      .set({ title: input.title, body: input.body, rating: input.rating, aiAssisted: input.aiAssisted, updatedAt: now })
      .where(eq(reviews.id, review.id));
    if (!review.isHidden) await applyAggregateChange(tx, review.tutorId, ratingChanged(review.rating, input.rating));
  });
  return getOwnReview(db, author, reviewId);
}

/** The author withdraws their review, whatever its tutor's state; its reports go with it. */
export async function deleteOwnReview(db: Database, author: Viewer, reviewId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockReview(tx, reviewId);
    assertAuthor(author, locked);
    await tx.delete(reviews).where(eq(reviews.id, locked.review.id));
    if (!locked.review.isHidden) await applyAggregateChange(tx, locked.review.tutorId, reviewRemoved(locked.review.rating));
  });
}

/**
 * Removes every review of an author whose account is going, each as a single removal goes:
 * its tutor locked, then the review, then the tutor's count and sum corrected. Tutors are
 * taken in id order. Inside a caller's transaction it runs as a savepoint of it. Answers how many went.
 */
export async function deleteAllReviewsOfAuthor(db: Database, authorId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const written = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.authorId, authorId))
      .orderBy(asc(reviews.tutorId), asc(reviews.id));
    let deleted = 0;
    for (const { id } of written) {
      let locked;
      try {
        locked = await lockReview(tx, id);
      } catch (err) {
        // Deleted meanwhile by a moderator or with its tutor, aggregates already settled.
        if (err instanceof AppError && err.code === 'not_found') continue;
        throw err;
      }
      await tx.delete(reviews).where(eq(reviews.id, locked.review.id));
      if (!locked.review.isHidden) await applyAggregateChange(tx, locked.review.tutorId, reviewRemoved(locked.review.rating));
      deleted += 1;
    }
    return deleted;
  });
}
