import { eq } from 'drizzle-orm';
import {
  ONLY_THE_TUTOR_RESPONDS_MESSAGE,
  type ResponseFromTutor,
  type ResponseInput,
} from '../../../shared/tutor-side';
import { tutorReviewPagesChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database, WritableDatabase } from '../../db/client';
import type { ScreeningFinding } from '../../../shared/screening';
import { reviewResponses, type ReviewResponseRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Viewer } from '../auth/viewer';
import { canRead, lockReview, reviewNotFound, type LockedReview } from './access';
import { toResponseFromTutor } from './queries';

/** What the screen decided about a response: its findings, and whether it waits for a moderator. */
interface ResponseScreening {
  screeningFindings: ScreeningFinding[];
  flaggedAt: Date | null;
  heldAt: Date | null;
}

/**
 * The one place a response's text is screened before it is stored, as a review's is (personal
 * information, slurs, remarks on appearance; Off/Warn/Hold). Until the screen exists every
 * response is published as written, with no findings.
 */
async function screenResponse(_tx: WritableDatabase, _body: string, _now: Date): Promise<ResponseScreening> {
  return { screeningFindings: [], flaggedAt: null, heldAt: null };
}

/**
 * The review and its tutor locked, for the tutor's own account: anyone else who may read the
 * review is refused; a review they may not read (hidden, of a private tutor) is not found.
 */
async function lockReviewForItsTutor(
  tx: WritableDatabase,
  tutorAccount: Viewer,
  reviewId: string,
): Promise<LockedReview> {
  const locked = await lockReview(tx, reviewId);
  const { review, tutor } = locked;
  if (!canRead(tutorAccount, review, tutor)) throw reviewNotFound();
  if (tutor.claimedBy !== tutorAccount.id) throw new AppError('forbidden', ONLY_THE_TUTOR_RESPONDS_MESSAGE);
  // A hidden review is on no page: there is nothing to answer.
  if (review.isHidden) throw reviewNotFound();
  return locked;
}

/** The review's response, locked until the transaction ends. */
export async function lockResponse(tx: WritableDatabase, reviewId: string): Promise<ReviewResponseRow | undefined> {
  const [row] = await tx.select().from(reviewResponses).where(eq(reviewResponses.reviewId, reviewId)).for('update');
  return row;
}

/**
 * The tutor's account writes its one response to a review, or rewrites it. A response a
 * moderator hid stays hidden when rewritten: only a moderator shows it again.
 */
export async function respondToReview(
  db: Database,
  tutorAccount: Viewer,
  reviewId: string,
  input: ResponseInput,
  now: Date,
): Promise<{ response: ResponseFromTutor; created: boolean }> {
  return changeData(db, [], async (tx, alsoChanged) => {
    const { review, tutor } = await lockReviewForItsTutor(tx, tutorAccount, reviewId);
    alsoChanged(tutorReviewPagesChanged(tutor.id));
    const screening = await screenResponse(tx, input.body, now);
    const existing = await lockResponse(tx, review.id);
    if (existing) {
      const [updated] = await tx
        .update(reviewResponses)
        .set({
          body: input.body,
          ...screening,
          isHidden: existing.isHidden || screening.heldAt !== null,
          updatedAt: now,
        })
        .where(eq(reviewResponses.id, existing.id))
        .returning();
      return { response: toResponseFromTutor(updated!), created: false };
    }
    const [inserted] = await tx
      .insert(reviewResponses)
      .values({
        reviewId: review.id,
        tutorId: tutor.id,
        authorId: tutorAccount.id,
        body: input.body,
        ...screening,
        isHidden: screening.heldAt !== null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { response: toResponseFromTutor(inserted!), created: true };
  });
}

/** The tutor's account takes its response back. */
export async function deleteOwnResponse(db: Database, tutorAccount: Viewer, reviewId: string): Promise<void> {
  await changeData(db, [], async (tx, alsoChanged) => {
    const { review, tutor } = await lockReviewForItsTutor(tx, tutorAccount, reviewId);
    alsoChanged(tutorReviewPagesChanged(tutor.id));
    const deleted = await tx
      .delete(reviewResponses)
      .where(eq(reviewResponses.reviewId, review.id))
      .returning({ id: reviewResponses.id });
    if (deleted.length === 0) throw noResponse();
  });
}

export function noResponse(): AppError {
  return new AppError('not_found', 'This review has no response from the tutor.');
}
