import { and, eq, isNull } from 'drizzle-orm';
import type { AdminReview } from '../../../shared/review-moderation';
import { reviewChanged } from '../../cache/data-changes';
import { changeData, NOTHING_KEPT } from '../../db/change-data';
import type { Database, WritableDatabase } from '../../db/client';
import type { AuditAction } from '../../../shared/audit';
import { reviewAppeals, reviewReports, reviews, type NotificationKind } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit-log';
import { notify } from '../notifications';
import type { Viewer } from '../auth/viewer';
import { lockReview, type LockedReview } from './access';
import { keepDeletedReview } from './appeals';
import { applyAggregateChange, countedReviewOf, reviewRemoved, reviewShown } from './aggregates';
import { getAdminReview } from './queries';
import { markReviewSummaryStale } from '../review-summaries/staleness';

interface ModerationRecord {
  action: Extract<AuditAction, `review_${string}`>;
  /** Told to the author, unless the moderator acted on their own review. */
  notification?: NotificationKind;
  reason: string | null;
}

/** The log entry and the author's notification, in the transaction of the change they describe. */
async function record(
  tx: WritableDatabase,
  moderator: Viewer,
  { review, tutor }: LockedReview,
  entry: ModerationRecord,
  now: Date,
): Promise<void> {
  const data = {
    tutorName: tutor.name,
    reviewTitle: review.title,
    // The notification's "Appeal" link leads to this review in My Reviews.
    reviewId: review.id,
    ...(entry.reason ? { reason: entry.reason } : {}),
  };
  await recordAudit(
    tx,
    {
      actorId: moderator.id,
      action: entry.action,
      target: { type: 'review', id: review.id },
      tutorId: tutor.id,
      subjectUserId: review.authorId,
      reason: entry.reason,
      data: { tutorName: tutor.name, reviewTitle: review.title },
    },
    now,
  );
  if (entry.notification && review.authorId !== moderator.id) {
    await notify(tx, { userId: review.authorId, kind: entry.notification, tutorId: tutor.id, data, createdAt: now });
  }
}

/** Acting on a review settles the reports that asked for it; reports stay, so nobody reports twice. */
async function resolveOpenReports(
  tx: WritableDatabase,
  moderator: Viewer,
  reviewId: string,
  now: Date,
): Promise<number> {
  const resolved = await tx
    .update(reviewReports)
    .set({ resolvedAt: now, resolvedBy: moderator.id })
    .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolvedAt)))
    .returning({ id: reviewReports.id });
  return resolved.length;
}

/** Takes a review out of every list and out of its tutor's average; the author is told why. */
export async function hideReview(
  db: Database,
  moderator: Viewer,
  reviewId: string,
  reason: string,
  now: Date,
): Promise<AdminReview> {
  await changeData(db, [], async (tx, alsoChanged) => {
    const locked = await lockReview(tx, reviewId);
    alsoChanged(...reviewChanged(locked.tutor));
    const held = locked.review.heldAt !== null;
    if (locked.review.isHidden && !held) throw new AppError('conflict', 'This review is already hidden.');
    // Hiding settles the screen's flag; a held review, never counted, becomes a hidden one.
    await tx
      .update(reviews)
      .set({
        isHidden: true,
        hiddenReason: reason,
        hiddenAt: now,
        hiddenBy: moderator.id,
        heldAt: null,
        flaggedAt: null,
      })
      .where(eq(reviews.id, locked.review.id));
    if (!held) await applyAggregateChange(tx, locked.tutor.id, reviewRemoved(countedReviewOf(locked.review)));
    await markReviewSummaryStale(tx, locked.tutor.id, locked.review.id);
    await resolveOpenReports(tx, moderator, locked.review.id, now);
    await record(tx, moderator, locked, { action: 'review_hidden', notification: 'review_hidden', reason }, now);
  });
  return getAdminReview(db, reviewId);
}

/** Puts a hidden review back, into the lists and into its tutor's average. */
export async function unhideReview(db: Database, moderator: Viewer, reviewId: string, now: Date): Promise<AdminReview> {
  await changeData(db, [], async (tx, alsoChanged) => {
    const locked = await lockReview(tx, reviewId);
    alsoChanged(...reviewChanged(locked.tutor));
    if (!locked.review.isHidden) throw new AppError('conflict', 'This review is not hidden.');
    if (locked.review.heldAt !== null) throw new AppError('conflict', WAITING_FOR_APPROVAL_MESSAGE);
    await tx
      .update(reviews)
      .set({ isHidden: false, hiddenReason: null, hiddenAt: null, hiddenBy: null })
      .where(eq(reviews.id, locked.review.id));
    await applyAggregateChange(tx, locked.tutor.id, reviewShown(countedReviewOf(locked.review)));
    // Shown again: an appeal waiting for just that is settled with it (the author is told by review_unhidden).
    await tx
      .update(reviewAppeals)
      .set({ status: 'restored', decidedBy: moderator.id, decidedAt: now })
      .where(and(eq(reviewAppeals.reviewId, locked.review.id), eq(reviewAppeals.status, 'pending')));
    await record(
      tx,
      moderator,
      locked,
      { action: 'review_unhidden', notification: 'review_unhidden', reason: null },
      now,
    );
  });
  return getAdminReview(db, reviewId);
}

const WAITING_FOR_APPROVAL_MESSAGE = 'This review is waiting for a moderator: Approve publishes it.';

/**
 * A moderator has looked at what the screen found and lets the review stand: the flag goes,
 * and a held review is published, counted in its tutor's aggregates from now on, its author told.
 */
export async function approveReview(
  db: Database,
  moderator: Viewer,
  reviewId: string,
  now: Date,
): Promise<AdminReview> {
  await changeData(db, [], async (tx, alsoChanged) => {
    const locked = await lockReview(tx, reviewId);
    alsoChanged(...reviewChanged(locked.tutor));
    const held = locked.review.heldAt !== null;
    if (!held && locked.review.flaggedAt === null)
      throw new AppError('conflict', 'This review is not flagged or waiting for a moderator.');
    await tx
      .update(reviews)
      .set({ flaggedAt: null, ...(held ? { heldAt: null, isHidden: false } : {}) })
      .where(eq(reviews.id, locked.review.id));
    if (held) await applyAggregateChange(tx, locked.tutor.id, reviewShown(countedReviewOf(locked.review)));
    // Published only now: the tutor's own account hears of it now, as it does of a review published at once.
    if (held && locked.tutor.claimedBy && locked.tutor.claimedBy !== locked.review.authorId)
      await notify(tx, {
        userId: locked.tutor.claimedBy,
        kind: 'review_received',
        tutorId: locked.tutor.id,
        data: { tutorName: locked.tutor.name, reviewTitle: locked.review.title, reviewId: locked.review.id },
        createdAt: now,
      });
    await record(
      tx,
      moderator,
      locked,
      { action: 'review_approved', ...(held ? { notification: 'review_published' as const } : {}), reason: null },
      now,
    );
  });
  return getAdminReview(db, reviewId);
}

/**
 * Removes a review from every page; it is kept as it was in deleted_reviews, so its author can
 * appeal and a moderator can restore it. The reason is in the log and the author's notification.
 */
export async function deleteReviewAsModerator(
  db: Database,
  moderator: Viewer,
  reviewId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await changeData(db, [], async (tx, alsoChanged) => {
    const locked = await lockReview(tx, reviewId);
    // Its reports go with it: a reporter's kept list of reported reviews names one that no page shows any more.
    alsoChanged(...reviewChanged(locked.tutor));
    await keepDeletedReview(tx, moderator, locked.review.id, reason, now);
    await tx.delete(reviews).where(eq(reviews.id, locked.review.id));
    if (!locked.review.isHidden)
      await applyAggregateChange(tx, locked.tutor.id, reviewRemoved(countedReviewOf(locked.review)));
    await markReviewSummaryStale(tx, locked.tutor.id, locked.review.id);
    await record(tx, moderator, locked, { action: 'review_deleted', notification: 'review_deleted', reason }, now);
  });
}

/** The reports were unfounded: the review stays as it is and leaves the reported queue. */
export async function dismissReports(
  db: Database,
  moderator: Viewer,
  reviewId: string,
  now: Date,
): Promise<AdminReview> {
  // Reports stay (resolved): who reported what, and every page, reads the same.
  await changeData(db, NOTHING_KEPT, async (tx) => {
    const locked = await lockReview(tx, reviewId);
    const dismissed = await resolveOpenReports(tx, moderator, locked.review.id, now);
    if (dismissed === 0) throw new AppError('conflict', 'This review has no open reports.');
    await record(tx, moderator, locked, { action: 'review_reports_dismissed', reason: null }, now);
  });
  return getAdminReview(db, reviewId);
}
