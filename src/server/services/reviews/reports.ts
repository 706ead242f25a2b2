import { eq } from 'drizzle-orm';
import {
  ALREADY_REPORTED_MESSAGE,
  isReviewId,
  OWN_REVIEW_REPORT_MESSAGE,
  type ReportReviewRequest,
} from '../../../shared/reviews';
import { reportsChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database } from '../../db/client';
import { reviewReports, reviews, tutors } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Viewer } from '../auth/viewer';
import { canRead, reviewNotFound } from './access';

/**
 * A student flags a review for the moderators, once. A report hides nothing by itself: it
 * puts the review in the reported queue of review management.
 */
export async function reportReview(
  db: Database,
  reporter: Viewer,
  reviewId: string,
  input: ReportReviewRequest,
  now: Date,
): Promise<void> {
  if (!isReviewId(reviewId)) throw reviewNotFound();
  const [row] = await db
    .select({
      review: { authorId: reviews.authorId, isHidden: reviews.isHidden },
      tutor: { isPublic: tutors.isPublic, submittedBy: tutors.submittedBy },
    })
    .from(reviews)
    .innerJoin(tutors, eq(tutors.id, reviews.tutorId))
    .where(eq(reviews.id, reviewId))
    .limit(1);
  if (!row || !canRead(reporter, row.review, row.tutor)) throw reviewNotFound();
  if (row.review.authorId === reporter.id) throw new AppError('forbidden', OWN_REVIEW_REPORT_MESSAGE);
  const inserted = await changeData(db, [reportsChanged(reporter.id)], (tx) =>
    tx
      .insert(reviewReports)
      .values({
        reviewId,
        reporterId: reporter.id,
        reason: input.reason,
        details: input.details ? input.details : null,
        createdAt: now,
      })
      .onConflictDoNothing({ target: [reviewReports.reviewId, reviewReports.reporterId] })
      .returning({ id: reviewReports.id }),
  );
  if (inserted.length === 0) throw new AppError('conflict', ALREADY_REPORTED_MESSAGE);
}
