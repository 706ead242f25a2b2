import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { ReviewSummaryResponse } from '../../../shared/review-summaries';
import type { Database } from '../../db/client';
import { reviews, tutorReviewSummaries } from '../../db/schema';
import type { Viewer } from '../auth/viewer';
import { aiSummariesOn } from '../settings';
import { canSee, tutorNotFound } from '../tutors/access';
import { findTutor } from '../tutors/queries';

/**
 * The tutor's summary as it stands: only while the setting is on and a provider configured,
 * and only a summary that is not stale and whose reviews are all still visible reviews of this
 * tutor. Reads what the background task wrote; never asks a provider.
 */
export async function reviewSummaryOf(
  db: Database,
  viewer: Viewer,
  tutorId: string,
  providerConfigured: boolean,
): Promise<ReviewSummaryResponse> {
  const tutor = await findTutor(db, tutorId);
  if (!tutor || !canSee(viewer, tutor)) throw tutorNotFound();
  if (!providerConfigured || !(await aiSummariesOn(db))) return { summary: null };
  const [summary] = await db
    .select()
    .from(tutorReviewSummaries)
    .where(and(eq(tutorReviewSummaries.tutorId, tutor.id), isNull(tutorReviewSummaries.staleAt)));
  if (!summary || summary.reviewIds.length === 0) return { summary: null };
  const [visible] = await db
    .select({ count: count() })
    .from(reviews)
    .where(and(inArray(reviews.id, summary.reviewIds), eq(reviews.tutorId, tutor.id), eq(reviews.isHidden, false)));
  if (visible?.count !== summary.reviewIds.length) return { summary: null };
  return {
    summary: {
      sentences: summary.sentences,
      reviewCount: summary.reviewIds.length,
      generatedAt: summary.generatedAt.toISOString(),
    },
  };
}
