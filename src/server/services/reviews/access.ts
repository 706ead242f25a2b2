import { eq } from 'drizzle-orm';
import { isReviewId, REVIEW_NOT_FOUND_MESSAGE } from '../../../shared/reviews';
import type { WritableDatabase } from '../../db/client';
import { reviews, tutors, type ReviewRow, type TutorRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { canSee } from '../tutors/access';
import { isAdmin, type Viewer } from '../auth/viewer';

export function reviewNotFound(): AppError {
  return new AppError('not_found', REVIEW_NOT_FOUND_MESSAGE);
}

/** Whether the viewer can read the review where it is listed: visible, about a tutor they may see. */
export function canRead(
  viewer: Viewer,
  review: Pick<ReviewRow, 'isHidden' | 'authorId'>,
  tutor: Pick<TutorRow, 'isPublic' | 'submittedBy'>,
): boolean {
  if (review.authorId === viewer.id || isAdmin(viewer)) return true;
  return !review.isHidden && canSee(viewer, tutor);
}

export interface LockedReview {
  review: ReviewRow;
  tutor: TutorRow;
}

/**
 * The review and its tutor, both locked until the transaction ends. Every review write locks
 * the tutor first and the review second (tutor deletion locks the tutor, then cascades to
 * reviews), so two writers never wait on each other in opposite orders. Holding the tutor
 * also serializes the aggregate updates of its reviews.
 */
export async function lockReview(tx: WritableDatabase, reviewId: string): Promise<LockedReview> {
  if (!isReviewId(reviewId)) throw reviewNotFound();
  const [located] = await tx
    .select({ tutorId: reviews.tutorId })
    .from(reviews)
    .where(eq(reviews.id, reviewId))
    .limit(1);
  if (!located) throw reviewNotFound();
  const [tutor] = await tx.select().from(tutors).where(eq(tutors.id, located.tutorId)).for('no key update');
  const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update');
  // Deleted (with its tutor, or by another request) between the first read and the locks.
  if (!tutor || !review) throw reviewNotFound();
  return { review, tutor };
}

/** Edit and delete belong to the author. Others learn the review exists only if they could read it anyway. */
export function assertAuthor(viewer: Viewer, { review, tutor }: LockedReview): void {
  if (review.authorId === viewer.id) return;
  if (!canRead(viewer, review, tutor)) throw reviewNotFound();
  throw new AppError(
    'forbidden',
    isAdmin(viewer)
      ? 'Only its author can change a review; administrators can hide or delete it.'
      : 'Only its author can change this review.',
  );
}
