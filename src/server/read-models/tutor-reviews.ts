import { tutorReviewListSchema, type TutorReviewList, type TutorReviewsQuery } from '../../shared/tutor-reviews';
import { toJsonBytes } from '../lib/json-bytes';
import { isAdmin, type Viewer } from '../services/auth/viewer';
import {
  readTutorReviewPage,
  reviewMarksOf,
  type ReviewMarks,
  type TutorReviewPage,
} from '../services/reviews/queries';
import { canSee, tutorNotFound } from '../services/tutors/access';
import type { ReadContext } from './read-context';

/** A page of a tutor's reviews as kept in memory, with the answer for readers it does not concern. */
interface KeptReviewPage {
  page: TutorReviewPage | null;
  answerForOthers: Buffer | null;
}

/** What a reader's own answer is built from: who they are, what they reported and marked helpful. */
interface Reader extends ReviewMarks {
  id: string;
  /** Administrators read hidden responses, with the moderator's reason. */
  isAdmin: boolean;
}

/** The kept page's key: each order and filter is its own page. */
function pageKey(tutorId: string, query: TutorReviewsQuery): string {
  const filters = [query.course ?? '', query.rating ?? '', query.recent ? 'recent' : ''];
  return `tutor-reviews:${tutorId}:${query.sort}:${JSON.stringify(filters)}:${query.page}:${query.pageSize}`;
}

/**
 * A page of a tutor's visible reviews, in the order and with the filters asked. The page is the
 * same for every reader and kept until the tutor or its reviews' votes change; a reader who
 * wrote, reported or marked helpful one of its reviews gets an answer built for them, from the
 * reviews they reported and marked, kept per reader (one entry and one query for both: every
 * page read asks for them).
 */
export async function tutorReviewsAnswer(
  reads: ReadContext,
  viewer: Viewer,
  tutorId: string,
  query: TutorReviewsQuery,
): Promise<Buffer> {
  const [kept, marks] = await Promise.all([
    reads.cache.get(
      pageKey(tutorId, query),
      async (): Promise<KeptReviewPage> => {
        const page = await readTutorReviewPage(reads.db, tutorId, query);
        return { page, answerForOthers: page ? toJsonBytes(tutorReviewListSchema, tutorReviewList(page, null)) : null };
      },
      {
        dependsOn: () => [
          { on: 'tutor', tutorId },
          { on: 'tutor-reviews', tutorId },
        ],
        // The page itself weighs about as much as its answer.
        weigh: (value) => 200 + (value.answerForOthers?.length ?? 0) * 2,
      },
    ),
    reads.cache.get(`review-marks-of:${viewer.id}`, () => reviewMarksOf(reads.db, viewer.id), {
      dependsOn: () => [
        { on: 'reports', userId: viewer.id },
        { on: 'votes', userId: viewer.id },
      ],
      weigh: (kept) => 100 + (kept.reported.size + kept.markedHelpful.size) * 40,
    }),
  ]);
  const { page, answerForOthers } = kept;
  if (!page || !canSee(viewer, page.tutor)) throw tutorNotFound();
  const reader = { id: viewer.id, isAdmin: isAdmin(viewer), ...marks };
  if (answerForOthers && !concerns(page, reader)) return answerForOthers;
  return toJsonBytes(tutorReviewListSchema, tutorReviewList(page, reader));
}

/** Whether a hidden response reaches the reader: the tutor's own account and administrators read it. */
function readsHiddenResponses(page: TutorReviewPage, reader: Reader | null): boolean {
  return reader !== null && (reader.isAdmin || page.tutor.claimedBy === reader.id);
}

/** Whether the reader wrote, reported or marked helpful a review of the page, or reads its hidden responses. */
function concerns(page: TutorReviewPage, reader: Reader): boolean {
  for (const review of page.items) {
    if (review.authorId === reader.id) return true;
    if (review.response?.isHidden && readsHiddenResponses(page, reader)) return true;
  }
  // Most readers have marked nothing: their answer is the one for others without looking further.
  if (reader.reported.size === 0 && reader.markedHelpful.size === 0) return false;
  for (const review of page.items) {
    if (reader.reported.has(review.id) || reader.markedHelpful.has(review.id)) return true;
  }
  return false;
}

/**
 * The page as a reader sees it: which reviews they wrote, reported and marked helpful, and the
 * hidden responses if they may read them; none of that for a reader it does not concern.
 */
function tutorReviewList(page: TutorReviewPage, reader: Reader | null): TutorReviewList {
  const hiddenResponsesShown = readsHiddenResponses(page, reader);
  return {
    items: page.items.map(({ authorId, response, ...review }) => ({
      ...review,
      response: response && (!response.isHidden || hiddenResponsesShown) ? response : null,
      writtenByMe: reader !== null && authorId === reader.id,
      reportedByMe: reader?.reported.has(review.id) ?? false,
      markedHelpfulByMe: reader?.markedHelpful.has(review.id) ?? false,
    })),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
  };
}
