import { eq } from 'drizzle-orm';
import { isReviewId } from '../../../shared/reviews-constants';
import {
  ONLY_THE_TUTOR_RESPONDS_MESSAGE,
  type ResponseFromTutor,
  type ResponseInput,
} from '../../../shared/tutor-side';
import { tutorReviewPagesChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database, WritableDatabase } from '../../db/client';
import { reviewResponses, reviews, tutors, type ReviewResponseRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { TextProvider } from '../ai-drafting/providers/text-provider';
import type { Viewer } from '../auth/viewer';
import type { ScreeningOutcome } from '../screening/screen-for-publishing';
import { screenAsSet } from '../screening/screening-settings';
import { canRead, lockReview, reviewNotFound, type LockedReview } from './access';
import { toResponseFromTutor } from './queries';

/**
 * The screen's columns of a new response: what it found, flagged when it found something, and
 * held (hidden until a moderator publishes it) under Hold.
 */
function screeningColumnsOfNewResponse(screened: ScreeningOutcome, now: Date) {
  switch (screened.state) {
    case 'unscreened':
    case 'clean':
      return { screeningFindings: [], flaggedAt: null, heldAt: null, isHidden: false };
    case 'flagged':
      return { screeningFindings: screened.screeningFindings, flaggedAt: now, heldAt: null, isHidden: false };
    case 'held':
      return { screeningFindings: screened.screeningFindings, flaggedAt: now, heldAt: now, isHidden: true };
  }
}

/**
 * The screen's columns after a rewrite, as a review's after an edit: clean text clears the flag
 * of a published response (a held one stays waiting for a moderator); under Hold a published
 * response with findings goes back on hold, and one a moderator hid stays hidden as it was.
 */
function screeningColumnsAfterRewrite(screened: ScreeningOutcome, existing: ReviewResponseRow, now: Date) {
  const held = existing.heldAt !== null;
  switch (screened.state) {
    case 'unscreened':
      return {};
    case 'clean':
      return held ? { screeningFindings: [] } : { screeningFindings: [], flaggedAt: null };
    case 'flagged':
      return { screeningFindings: screened.screeningFindings, flaggedAt: now };
    case 'held':
      return {
        screeningFindings: screened.screeningFindings,
        flaggedAt: now,
        ...(existing.isHidden ? {} : { heldAt: now, isHidden: true }),
      };
  }
}

/**
 * The response's text through the same screen as a review's, for the tutor's own account only:
 * anyone else is refused in the transaction, the screen unheard. It runs before the transaction
 * because the AI provider's second opinion may take a moment.
 */
async function screenResponse(
  db: Database,
  tutorAccount: Viewer,
  reviewId: string,
  input: ResponseInput,
  ai: TextProvider | null,
  logAiFailure: ((failure: string) => void) | undefined,
): Promise<ScreeningOutcome> {
  const [reviewed] = isReviewId(reviewId)
    ? await db
        .select({ claimedBy: tutors.claimedBy })
        .from(reviews)
        .innerJoin(tutors, eq(tutors.id, reviews.tutorId))
        .where(eq(reviews.id, reviewId))
    : [];
  if (!reviewed || reviewed.claimedBy !== tutorAccount.id) return { state: 'unscreened' };
  return screenAsSet(db, ai, { body: input.body }, input.screeningAcknowledged ?? false, logAiFailure);
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
 * The tutor's account writes its one response to a review, or rewrites it, screened as a review
 * is. A response a moderator hid stays hidden when rewritten: only a moderator shows it again.
 */
export async function respondToReview(
  db: Database,
  tutorAccount: Viewer,
  reviewId: string,
  input: ResponseInput,
  now: Date,
  ai: TextProvider | null = null,
  logAiFailure?: (failure: string) => void,
): Promise<{ response: ResponseFromTutor; created: boolean }> {
  const screened = await screenResponse(db, tutorAccount, reviewId, input, ai, logAiFailure);
  return changeData(db, [], async (tx, alsoChanged) => {
    const { review, tutor } = await lockReviewForItsTutor(tx, tutorAccount, reviewId);
    alsoChanged(tutorReviewPagesChanged(tutor.id));
    const existing = await lockResponse(tx, review.id);
    if (existing) {
      const [updated] = await tx
        .update(reviewResponses)
        .set({ body: input.body, ...screeningColumnsAfterRewrite(screened, existing, now), updatedAt: now })
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
        ...screeningColumnsOfNewResponse(screened, now),
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
