import { and, asc, count, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  APPEAL_ALREADY_DECIDED_MESSAGE,
  APPEAL_ALREADY_MADE_MESSAGE,
  APPEAL_NOT_FOUND_MESSAGE,
  APPEAL_RESTORE_CONFLICT_MESSAGE,
  type AdminAppeal,
  type AdminAppealList,
  type AdminAppealListQuery,
  type AppealDecision,
  type MyDeletedReview,
  type ReviewAppeal,
} from '../../../shared/appeals';
import { isUuid } from '../../../shared/ids';
import { offsetOf } from '../../../shared/pagination';
import { isReviewId } from '../../../shared/reviews';
import { storedImage } from '../../../shared/uploads';
import { reviewChanged } from '../../cache/data-changes';
import { changeData, NOTHING_KEPT } from '../../db/change-data';
import type { Database, WritableDatabase } from '../../db/client';
import {
  deletedReviews,
  reviewAppeals,
  reviews,
  tutors,
  users,
  type DeletedReviewRow,
  type ReviewAppealRow,
  type ReviewRow,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit-log';
import type { Viewer } from '../auth/viewer';
import { notify } from '../notifications';
import { reviewNotFound } from './access';
import { applyAggregateChange, countedReviewOf, reviewShown } from './aggregates';
import { reviewTutorColumns } from './views';

export function appealOf(row: ReviewAppealRow): ReviewAppeal {
  return {
    id: row.id,
    against: row.against,
    text: row.text,
    status: row.status,
    decisionReason: row.decisionReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The parts of a deleted review's kept row (deleted_reviews.review, columns by their SQL names) that pages show. */
interface KeptReview {
  title: string;
  body: string;
  rating: number;
  createdAt: string;
}

function keptReviewOf(row: Pick<DeletedReviewRow, 'review'>): KeptReview {
  const kept = row.review;
  return {
    title: String(kept.title ?? ''),
    body: String(kept.body ?? ''),
    rating: Number(kept.rating),
    createdAt: new Date(String(kept.created_at)).toISOString(),
  };
}

/**
 * Keeps a review a moderator is deleting, as its row was, so its author can appeal and a
 * moderator can put it back. Called in the deletion's transaction, before the row goes.
 */
export async function keepDeletedReview(
  tx: WritableDatabase,
  moderator: Viewer,
  reviewId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await tx.execute(sql`
    insert into ${deletedReviews} (id, tutor_id, author_id, review, deleted_by, reason, deleted_at)
    select r.id, r.tutor_id, r.author_id, to_jsonb(r), ${moderator.id}::uuid, ${reason}, ${now.toISOString()}::timestamptz
    from ${reviews} as r where r.id = ${reviewId}::uuid`);
}

/**
 * The author asks a moderator to look again at their hidden or deleted review: once per review.
 * Anyone else's review, or one that is neither, is not found or refused.
 */
export async function appealReview(
  db: Database,
  author: Viewer,
  reviewId: string,
  text: string,
  now: Date,
): Promise<ReviewAppeal> {
  if (!isReviewId(reviewId)) throw reviewNotFound();
  return changeData(db, NOTHING_KEPT, async (tx) => {
    const [hidden] = await tx
      .select({ tutorId: reviews.tutorId, isHidden: reviews.isHidden, heldAt: reviews.heldAt })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.authorId, author.id)))
      .limit(1);
    let against: ReviewAppeal['against'];
    let tutorId: string;
    if (hidden) {
      // A held review waits for its first decision; only a moderator's hiding can be appealed.
      if (!hidden.isHidden || hidden.heldAt !== null)
        throw new AppError('conflict', 'Only a review a moderator hid or deleted can be appealed.');
      against = 'hidden';
      tutorId = hidden.tutorId;
    } else {
      const [deleted] = await tx
        .select({ tutorId: deletedReviews.tutorId })
        .from(deletedReviews)
        .where(and(eq(deletedReviews.id, reviewId), eq(deletedReviews.authorId, author.id)))
        .limit(1);
      if (!deleted) throw reviewNotFound();
      against = 'deleted';
      tutorId = deleted.tutorId;
    }
    const [appeal] = await tx
      .insert(reviewAppeals)
      .values({ reviewId, authorId: author.id, tutorId, against, text, createdAt: now })
      .onConflictDoNothing({ target: reviewAppeals.reviewId })
      .returning();
    if (!appeal) throw new AppError('conflict', APPEAL_ALREADY_MADE_MESSAGE);
    return appealOf(appeal);
  });
}

/** The appeals of these reviews, by review id: My Reviews shows each with its review. */
export async function appealsOfReviews(db: Database, reviewIds: string[]): Promise<Map<string, ReviewAppeal>> {
  if (reviewIds.length === 0) return new Map();
  const rows = await db.select().from(reviewAppeals).where(inArray(reviewAppeals.reviewId, reviewIds));
  return new Map(rows.map((row) => [row.reviewId, appealOf(row)]));
}

/** The author's reviews a moderator deleted, newest deletion first, each with its reason and appeal. */
export async function listMyDeletedReviews(db: Database, author: Viewer): Promise<MyDeletedReview[]> {
  const rows = await db
    .select({ deleted: deletedReviews, tutor: reviewTutorColumns, appeal: reviewAppeals })
    .from(deletedReviews)
    .innerJoin(tutors, eq(tutors.id, deletedReviews.tutorId))
    .leftJoin(reviewAppeals, eq(reviewAppeals.reviewId, deletedReviews.id))
    .where(eq(deletedReviews.authorId, author.id))
    .orderBy(desc(deletedReviews.deletedAt), desc(deletedReviews.id));
  return rows.map(({ deleted, tutor, appeal }) => {
    const kept = keptReviewOf(deleted);
    return {
      id: deleted.id,
      tutor: {
        id: tutor.id,
        name: tutor.name,
        department: tutor.department,
        image: tutor.imageKey ? storedImage(tutor.imageKey) : null,
        isPublic: tutor.isPublic,
      },
      title: kept.title,
      body: kept.body,
      rating: kept.rating,
      createdAt: kept.createdAt,
      reason: deleted.reason,
      deletedAt: deleted.deletedAt.toISOString(),
      appeal: appeal ? appealOf(appeal) : null,
    };
  });
}

const remover = alias(users, 'remover');

/** Appeals whose review is still somewhere: hidden (or shown again) in reviews, or kept in deleted_reviews. */
const reviewStillKept = or(isNotNull(reviews.id), isNotNull(deletedReviews.id));

/** Review management's Appeals queue: the waiting appeals, oldest first, each with the review as it was. */
export async function listPendingAppeals(db: Database, query: AdminAppealListQuery): Promise<AdminAppealList> {
  const where = and(eq(reviewAppeals.status, 'pending'), reviewStillKept);
  const rows = await db
    .select({
      appeal: reviewAppeals,
      tutor: { id: tutors.id, name: tutors.name },
      author: { id: users.id, name: users.name, email: users.email },
      review: {
        id: reviews.id,
        title: reviews.title,
        body: reviews.body,
        rating: reviews.rating,
        createdAt: reviews.createdAt,
        isHidden: reviews.isHidden,
        hiddenReason: reviews.hiddenReason,
        hiddenAt: reviews.hiddenAt,
      },
      deleted: deletedReviews,
      removedBy: remover.name,
    })
    .from(reviewAppeals)
    .innerJoin(tutors, eq(tutors.id, reviewAppeals.tutorId))
    .innerJoin(users, eq(users.id, reviewAppeals.authorId))
    .leftJoin(reviews, eq(reviews.id, reviewAppeals.reviewId))
    .leftJoin(deletedReviews, eq(deletedReviews.id, reviewAppeals.reviewId))
    .leftJoin(remover, eq(remover.id, sql`coalesce(${reviews.hiddenBy}, ${deletedReviews.deletedBy})`))
    .where(where)
    .orderBy(asc(reviewAppeals.createdAt), asc(reviewAppeals.id))
    .limit(query.pageSize)
    .offset(offsetOf(query.page, query.pageSize));
  const [totals] = await db
    .select({ total: count() })
    .from(reviewAppeals)
    .leftJoin(reviews, eq(reviews.id, reviewAppeals.reviewId))
    .leftJoin(deletedReviews, eq(deletedReviews.id, reviewAppeals.reviewId))
    .where(where);
  const items = rows.map(({ appeal, tutor, author, review, deleted, removedBy }): AdminAppeal => {
    const shown =
      review && review.id !== null
        ? {
            title: review.title,
            body: review.body,
            rating: review.rating,
            createdAt: review.createdAt.toISOString(),
            state: review.isHidden ? ('hidden' as const) : ('visible' as const),
            reason: review.hiddenReason,
            removedAt: review.hiddenAt?.toISOString() ?? null,
          }
        : {
            ...keptReviewOf(deleted!),
            state: 'deleted' as const,
            reason: deleted!.reason,
            removedAt: deleted!.deletedAt.toISOString(),
          };
    return {
      id: appeal.id,
      against: appeal.against,
      text: appeal.text,
      createdAt: appeal.createdAt.toISOString(),
      review: {
        id: appeal.reviewId,
        title: shown.title,
        body: shown.body,
        rating: shown.rating,
        createdAt: shown.createdAt,
        tutor,
        author,
        state: shown.state,
        reason: shown.reason,
        removedBy: shown.state === 'visible' ? null : removedBy,
        removedAt: shown.removedAt,
      },
    };
  });
  return { items, total: totals?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

function appealNotFound(): AppError {
  return new AppError('not_found', APPEAL_NOT_FOUND_MESSAGE);
}

/** Puts a deleted review back where it was, with its id and columns, visible; its helpful votes went with it. */
async function reinsertDeletedReview(tx: WritableDatabase, deleted: DeletedReviewRow): Promise<ReviewRow> {
  const shown = {
    is_hidden: false,
    hidden_reason: null,
    hidden_at: null,
    hidden_by: null,
    held_at: null,
    flagged_at: null,
    helpful_count: 0,
  };
  await tx.execute(sql`
    insert into ${reviews}
    select (jsonb_populate_record(null::reviews, ${JSON.stringify(deleted.review)}::jsonb || ${JSON.stringify(shown)}::jsonb)).*`);
  await tx.delete(deletedReviews).where(eq(deletedReviews.id, deleted.id));
  const [restored] = await tx.select().from(reviews).where(eq(reviews.id, deleted.id));
  return restored!;
}

/**
 * A moderator decides an appeal: "restore" shows a hidden review again or puts a deleted one
 * back (both count again in the tutor's aggregates); "uphold" leaves it as it is. Either way the
 * author is told the reason and the decision lands in the audit log. Decided once.
 */
export async function decideAppeal(
  db: Database,
  moderator: Viewer,
  appealId: string,
  decision: AppealDecision,
  reason: string,
  now: Date,
): Promise<ReviewAppeal> {
  if (!isUuid(appealId)) throw appealNotFound();
  return changeData(db, [], async (tx, alsoChanged) => {
    const [located] = await tx
      .select({ tutorId: reviewAppeals.tutorId })
      .from(reviewAppeals)
      .where(eq(reviewAppeals.id, appealId));
    if (!located) throw appealNotFound();
    // The tutor first, then the review, as every review write locks them (services/reviews/access.ts).
    const [tutor] = await tx.select().from(tutors).where(eq(tutors.id, located.tutorId)).for('no key update');
    const [appeal] = await tx.select().from(reviewAppeals).where(eq(reviewAppeals.id, appealId)).for('update');
    if (!tutor || !appeal) throw appealNotFound();
    if (appeal.status !== 'pending') throw new AppError('conflict', APPEAL_ALREADY_DECIDED_MESSAGE);
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, appeal.reviewId)).for('update');
    const [deleted] = review
      ? []
      : await tx.select().from(deletedReviews).where(eq(deletedReviews.id, appeal.reviewId)).for('update');
    if (!review && !deleted) throw reviewNotFound();
    const title = review ? review.title : keptReviewOf(deleted!).title;

    if (decision === 'restore') {
      if (review) {
        if (!review.isHidden) throw new AppError('conflict', 'This review is already shown.');
        alsoChanged(...reviewChanged(tutor));
        await tx
          .update(reviews)
          .set({ isHidden: false, hiddenReason: null, hiddenAt: null, hiddenBy: null, heldAt: null })
          .where(eq(reviews.id, review.id));
        await applyAggregateChange(tx, tutor.id, reviewShown(countedReviewOf(review)));
      } else {
        // One review per author and tutor: one written since cannot share the tutor with this one.
        const [since] = await tx
          .select({ id: reviews.id })
          .from(reviews)
          .where(and(eq(reviews.authorId, deleted!.authorId), eq(reviews.tutorId, deleted!.tutorId)))
          .limit(1);
        if (since) throw new AppError('conflict', APPEAL_RESTORE_CONFLICT_MESSAGE);
        alsoChanged(...reviewChanged(tutor));
        const restored = await reinsertDeletedReview(tx, deleted!);
        await applyAggregateChange(tx, tutor.id, reviewShown(countedReviewOf(restored)));
      }
    }

    const [decided] = await tx
      .update(reviewAppeals)
      .set({
        status: decision === 'restore' ? 'restored' : 'upheld',
        decidedBy: moderator.id,
        decidedAt: now,
        decisionReason: reason,
      })
      .where(eq(reviewAppeals.id, appeal.id))
      .returning();
    await recordAudit(
      tx,
      {
        actorId: moderator.id,
        action: decision === 'restore' ? 'review_appeal_restored' : 'review_appeal_upheld',
        target: { type: 'review', id: appeal.reviewId },
        tutorId: tutor.id,
        subjectUserId: appeal.authorId,
        reason,
        data: { tutorName: tutor.name, reviewTitle: title },
      },
      now,
    );
    if (appeal.authorId !== moderator.id)
      await notify(tx, {
        userId: appeal.authorId,
        kind: decision === 'restore' ? 'appeal_restored' : 'appeal_upheld',
        tutorId: tutor.id,
        data: { tutorName: tutor.name, reviewTitle: title, reason, reviewId: appeal.reviewId },
        createdAt: now,
      });
    return appealOf(decided!);
  });
}
