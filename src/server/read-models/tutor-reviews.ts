import { tutorReviewListSchema, type TutorReviewList, type TutorReviewsQuery } from '../../shared/tutors';
import { toJsonBytes } from '../lib/json-bytes';
import type { Viewer } from '../services/auth/viewer';
import {
  readTutorReviewPage,
  reviewsMarkedHelpfulBy,
  reviewsReportedBy,
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
interface Reader {
  id: string;
  reported: ReadonlySet<string>;
  markedHelpful: ReadonlySet<string>;
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
 * reviews they reported and marked, kept per reader.
 */
export async function tutorReviewsAnswer(
  reads: ReadContext,
  viewer: Viewer,
  tutorId: string,
  query: TutorReviewsQuery,
): Promise<Buffer> {
  const [kept, reported, markedHelpful] = await Promise.all([
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
    reads.cache.get(`reported-by:${viewer.id}`, () => reviewsReportedBy(reads.db, viewer.id), {
      dependsOn: () => [{ on: 'reports', userId: viewer.id }],
      weigh: (ids) => 100 + ids.size * 40,
    }),
    reads.cache.get(`marked-helpful-by:${viewer.id}`, () => reviewsMarkedHelpfulBy(reads.db, viewer.id), {
      dependsOn: () => [{ on: 'votes', userId: viewer.id }],
      weigh: (ids) => 100 + ids.size * 40,
    }),
  ]);
  const { page, answerForOthers } = kept;
  if (!page || !canSee(viewer, page.tutor)) throw tutorNotFound();
  const concernsViewer = page.items.some(
    (review) => review.authorId === viewer.id || reported.has(review.id) || markedHelpful.has(review.id),
  );
  if (answerForOthers && !concernsViewer) return answerForOthers;
  return toJsonBytes(tutorReviewListSchema, tutorReviewList(page, { id: viewer.id, reported, markedHelpful }));
}

/** The page as a reader sees it: which reviews they wrote, reported and marked helpful; none for a reader it does not concern. */
function tutorReviewList(page: TutorReviewPage, reader: Reader | null): TutorReviewList {
  return {
    items: page.items.map(({ authorId, ...review }) => ({
      ...review,
      writtenByMe: reader !== null && authorId === reader.id,
      reportedByMe: reader?.reported.has(review.id) ?? false,
      markedHelpfulByMe: reader?.markedHelpful.has(review.id) ?? false,
    })),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
  };
}
