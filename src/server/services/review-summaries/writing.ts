import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import {
  AI_SUMMARY_MAX_REVIEWS,
  AI_SUMMARY_MIN_REVIEWS,
  AI_SUMMARY_NEW_REVIEWS,
} from '../../../shared/review-summaries';
import { changeData, NOTHING_KEPT } from '../../db/change-data';
import type { Database } from '../../db/client';
import { rateLimits, reviews, tutorReviewSummaries, tutors } from '../../db/schema';
import { AiProviderFailure, type TextProvider } from '../ai-drafting/providers';
import { aiSummariesOn } from '../settings';
import { readSummaryReply, summaryRequest } from './prompt';

/** The most tutors one run writes summaries for: a run stays short, the rest wait for the next. */
export const SUMMARIES_PER_RUN = 10;
/**
 * How long a tutor is taken by the instance writing its summary, and how long a failed or
 * discarded attempt waits before the next: longer than the longest provider call (AI_TIMEOUT_SECONDS
 * is at most 600 s).
 */
export const SUMMARY_ATTEMPT_WINDOW_MS = 15 * 60 * 1000;

export type SummaryOutcome =
  | { tutorId: string; outcome: 'written'; sentences: number }
  /** The reply was unusable (its reason a code, never its text). */
  | { tutorId: string; outcome: 'discarded'; reason: string }
  /** The provider failed; the run stopped there. `reason` holds only codes and statuses. */
  | { tutorId: string; outcome: 'failed'; reason: string };

const attemptKey = (tutorId: string) => `ai-summary:${tutorId}`;

/**
 * Tutors whose summary is due: public, with enough visible reviews, and no summary yet, a stale
 * one, or one written AI_SUMMARY_NEW_REVIEWS or more visible reviews ago; none another attempt
 * holds. Those waiting longest first.
 */
async function dueTutors(db: Database, now: Date, limit: number) {
  return db
    .select({ id: tutors.id, reviewCount: tutors.reviewCount })
    .from(tutors)
    .leftJoin(tutorReviewSummaries, eq(tutorReviewSummaries.tutorId, tutors.id))
    .where(
      and(
        eq(tutors.isPublic, true),
        gte(tutors.reviewCount, AI_SUMMARY_MIN_REVIEWS),
        or(
          isNull(tutorReviewSummaries.tutorId),
          isNotNull(tutorReviewSummaries.staleAt),
          gte(tutors.reviewCount, sql`${tutorReviewSummaries.reviewCountAtGeneration} + ${AI_SUMMARY_NEW_REVIEWS}`),
        ),
        notExists(
          db
            .select({ key: rateLimits.key })
            .from(rateLimits)
            .where(and(eq(rateLimits.key, sql`'ai-summary:' || ${tutors.id}`), gt(rateLimits.windowEnd, now))),
        ),
      ),
    )
    .orderBy(sql`${tutorReviewSummaries.generatedAt} asc nulls first`, asc(tutors.id))
    .limit(limit);
}

/**
 * Takes the tutor for SUMMARY_ATTEMPT_WINDOW_MS unless another attempt holds it: one row in the
 * rate-limit table every instance shares, so that with several instances one writes a tutor's
 * summary at a time, and a failing tutor is tried once a window.
 */
async function takeTutor(db: Database, tutorId: string, now: Date): Promise<boolean> {
  const until = new Date(now.getTime() + SUMMARY_ATTEMPT_WINDOW_MS);
  const taken = await changeData(db, NOTHING_KEPT, (tx) =>
    tx
      .insert(rateLimits)
      .values({ key: attemptKey(tutorId), windowStart: now, windowEnd: until, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { windowStart: now, windowEnd: until, count: 1 },
        setWhere: lte(rateLimits.windowEnd, now),
      })
      .returning({ key: rateLimits.key }),
  );
  return taken.length > 0;
}

/** The visible reviews a summary is written from: the most helpful, then the newest. */
function reviewsToSummarize(db: Database, tutorId: string) {
  return db
    .select({
      id: reviews.id,
      title: reviews.title,
      body: reviews.body,
      rating: reviews.rating,
      course: reviews.course,
      termSeason: reviews.termSeason,
      termYear: reviews.termYear,
    })
    .from(reviews)
    .where(and(eq(reviews.tutorId, tutorId), eq(reviews.isHidden, false)))
    .orderBy(desc(reviews.helpfulCount), desc(reviews.createdAt), asc(reviews.id))
    .limit(AI_SUMMARY_MAX_REVIEWS);
}

function failureReason(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'ai_timeout';
  if (error instanceof AiProviderFailure) return error.message;
  return 'ai_provider_error';
}

/**
 * The background task's work: writes the summaries that are due, at most `limit` of them, each
 * from the tutor's visible reviews only (title, text, stars, course, term; never who wrote them).
 * A reply citing a review it was not given, or citing none, is discarded whole; a review hidden
 * or deleted while the model wrote discards it too. The first provider failure ends the run, so
 * a failing provider gets one request a run. Nothing when the setting is off or no provider is
 * configured.
 */
export async function writeDueReviewSummaries(
  db: Database,
  provider: TextProvider | null,
  now: Date,
  options: { timeoutMs: number; limit?: number },
): Promise<SummaryOutcome[]> {
  if (!provider || !(await aiSummariesOn(db))) return [];
  const outcomes: SummaryOutcome[] = [];
  for (const tutor of await dueTutors(db, now, options.limit ?? SUMMARIES_PER_RUN)) {
    if (!(await takeTutor(db, tutor.id, now))) continue;
    const written = await reviewsToSummarize(db, tutor.id);
    if (written.length < AI_SUMMARY_MIN_REVIEWS) continue;

    const signal = AbortSignal.timeout(options.timeoutMs);
    const { request, names } = summaryRequest(written, signal);
    let reply: string;
    try {
      reply = await provider.generateJson(request);
    } catch (error) {
      outcomes.push({ tutorId: tutor.id, outcome: 'failed', reason: failureReason(error, signal) });
      break;
    }
    const verdict = readSummaryReply(reply, names);
    if (!verdict.ok) {
      outcomes.push({ tutorId: tutor.id, outcome: 'discarded', reason: verdict.reason });
      continue;
    }

    const reviewIds = written.map((review) => review.id);
    const stored = await changeData(db, NOTHING_KEPT, async (tx) => {
      // Shared locks: a hide or delete of one of them waits for this write, then marks it stale.
      const stillVisible = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(inArray(reviews.id, reviewIds), eq(reviews.tutorId, tutor.id), eq(reviews.isHidden, false)))
        .for('share');
      if (stillVisible.length !== reviewIds.length) return false;
      const summary = {
        sentences: verdict.sentences,
        reviewIds,
        reviewCountAtGeneration: tutor.reviewCount,
        provider: provider.kind,
        model: provider.model,
        generatedAt: now,
        staleAt: null,
      };
      await tx
        .insert(tutorReviewSummaries)
        .values({ tutorId: tutor.id, ...summary })
        .onConflictDoUpdate({ target: tutorReviewSummaries.tutorId, set: summary });
      // Written: the tutor is free for the next change that makes its summary due.
      await tx.delete(rateLimits).where(eq(rateLimits.key, attemptKey(tutor.id)));
      return true;
    });
    outcomes.push(
      stored
        ? { tutorId: tutor.id, outcome: 'written', sentences: verdict.sentences.length }
        : { tutorId: tutor.id, outcome: 'discarded', reason: 'review_hidden_meanwhile' },
    );
  }
  return outcomes;
}
