import { eq } from 'drizzle-orm';
import type { AuditAction } from '../../../shared/audit';
import type { ResponseFromTutor } from '../../../shared/tutor-side';
import { tutorReviewPagesChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database, WritableDatabase } from '../../db/client';
import { reviewResponses, type ReviewResponseRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit-log';
import type { Viewer } from '../auth/viewer';
import { notify } from '../notifications';
import { lockReview, type LockedReview } from './access';
import { toResponseFromTutor } from './queries';
import { lockResponse, noResponse } from './responses';

interface LockedResponse extends LockedReview {
  response: ReviewResponseRow;
}

/** The review, its tutor and its response, locked in that order (as every review write locks them). */
async function lockReviewWithResponse(tx: WritableDatabase, reviewId: string): Promise<LockedResponse> {
  const locked = await lockReview(tx, reviewId);
  const response = await lockResponse(tx, locked.review.id);
  if (!response) throw noResponse();
  return { ...locked, response };
}

/** The moderator's act in the audit log: the response by the title of the review it answers. */
async function audit(
  tx: WritableDatabase,
  moderator: Viewer,
  { review, tutor, response }: LockedResponse,
  action: Extract<AuditAction, `response_${string}`>,
  reason: string | null,
  now: Date,
): Promise<void> {
  await recordAudit(
    tx,
    {
      actorId: moderator.id,
      action,
      target: { type: 'response', id: response.id },
      tutorId: tutor.id,
      subjectUserId: response.authorId,
      reason,
      data: { tutorName: tutor.name, reviewTitle: review.title },
    },
    now,
  );
}

/** Takes the tutor's response off the review's card; the tutor's account is told why and still reads it. */
export async function hideResponse(
  db: Database,
  moderator: Viewer,
  reviewId: string,
  reason: string,
  now: Date,
): Promise<ResponseFromTutor> {
  return changeData(db, [], async (tx, alsoChanged) => {
    const locked = await lockReviewWithResponse(tx, reviewId);
    alsoChanged(tutorReviewPagesChanged(locked.tutor.id));
    if (locked.response.isHidden) throw new AppError('conflict', 'This response is already hidden.');
    const [hidden] = await tx
      .update(reviewResponses)
      .set({ isHidden: true, hiddenReason: reason, hiddenAt: now, hiddenBy: moderator.id, flaggedAt: null })
      .where(eq(reviewResponses.id, locked.response.id))
      .returning();
    await audit(tx, moderator, locked, 'response_hidden', reason, now);
    const tutorAccount = locked.tutor.claimedBy ?? locked.response.authorId;
    if (tutorAccount && tutorAccount !== moderator.id) {
      await notify(tx, {
        userId: tutorAccount,
        kind: 'response_hidden',
        tutorId: locked.tutor.id,
        data: { tutorName: locked.tutor.name, reviewTitle: locked.review.title, reviewId: locked.review.id, reason },
        createdAt: now,
      });
    }
    return toResponseFromTutor(hidden!);
  });
}

/** Shows a hidden response under its review again. */
export async function unhideResponse(
  db: Database,
  moderator: Viewer,
  reviewId: string,
  now: Date,
): Promise<ResponseFromTutor> {
  return changeData(db, [], async (tx, alsoChanged) => {
    const locked = await lockReviewWithResponse(tx, reviewId);
    alsoChanged(tutorReviewPagesChanged(locked.tutor.id));
    if (!locked.response.isHidden) throw new AppError('conflict', 'This response is not hidden.');
    // Shown by a moderator who read it: what the screen flagged is settled too.
    const [shown] = await tx
      .update(reviewResponses)
      .set({ isHidden: false, hiddenReason: null, hiddenAt: null, hiddenBy: null, heldAt: null, flaggedAt: null })
      .where(eq(reviewResponses.id, locked.response.id))
      .returning();
    await audit(tx, moderator, locked, 'response_unhidden', null, now);
    return toResponseFromTutor(shown!);
  });
}

/**
 * A response the screen flagged or holds stands: the flag goes, and a held one is published
 * under its review.
 */
export async function approveResponse(
  db: Database,
  moderator: Viewer,
  reviewId: string,
  now: Date,
): Promise<ResponseFromTutor> {
  return changeData(db, [], async (tx, alsoChanged) => {
    const locked = await lockReviewWithResponse(tx, reviewId);
    alsoChanged(tutorReviewPagesChanged(locked.tutor.id));
    const held = locked.response.heldAt !== null;
    if (!held && locked.response.flaggedAt === null)
      throw new AppError('conflict', 'This response is not flagged or waiting for a moderator.');
    const [approved] = await tx
      .update(reviewResponses)
      .set({ flaggedAt: null, ...(held ? { heldAt: null, isHidden: false } : {}) })
      .where(eq(reviewResponses.id, locked.response.id))
      .returning();
    await audit(tx, moderator, locked, 'response_approved', null, now);
    return toResponseFromTutor(approved!);
  });
}

/** Removes the tutor's response for good; the reason stays in the audit log. */
export async function deleteResponseAsModerator(
  db: Database,
  moderator: Viewer,
  reviewId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await changeData(db, [], async (tx, alsoChanged) => {
    const locked = await lockReviewWithResponse(tx, reviewId);
    alsoChanged(tutorReviewPagesChanged(locked.tutor.id));
    await tx.delete(reviewResponses).where(eq(reviewResponses.id, locked.response.id));
    await audit(tx, moderator, locked, 'response_deleted', reason, now);
  });
}
