import { tutorReviewListSchema, type TutorReviewList, type TutorReviewsQuery } from '../../shared/tutors';
import { toJsonBytes } from '../lib/json-bytes';
import type { Viewer } from '../services/auth/viewer';
import { readTutorReviewPage, reviewsReportedBy, type TutorReviewPage } from '../services/reviews/queries';
import { canSee, tutorNotFound } from '../services/tutors/access';
import type { ReadContext } from './read-context';

/** A page of a tutor's reviews as kept in memory, with the answer for readers it does not concern. */
interface KeptReviewPage {
  page: TutorReviewPage | null;
  answerForOthers: Buffer | null;
}

/**
 * A page of a tutor's visible reviews, newest first. The page is the same for every reader and
 * kept until the tutor changes; a reader who wrote or reported one of its reviews gets an
 * answer built for them (which ones are theirs), from the reviews they reported, kept per reader.
 */
export async function tutorReviewsAnswer(
  reads: ReadContext,
  viewer: Viewer,
  tutorId: string,
  query: TutorReviewsQuery,
): Promise<Buffer> {
  const [kept, reported] = await Promise.all([
    reads.cache.get(
      `tutor-reviews:${tutorId}:${query.page}:${query.pageSize}`,
      async (): Promise<KeptReviewPage> => {
        const page = await readTutorReviewPage(reads.db, tutorId, query);
        return { page, answerForOthers: page ? toJsonBytes(tutorReviewListSchema, tutorReviewList(page, null)) : null };
      },
      {
        dependsOn: () => [{ on: 'tutor', tutorId }],
        // The page itself weighs about as much as its answer.
        weigh: (value) => 200 + (value.answerForOthers?.length ?? 0) * 2,
      },
    ),
    reads.cache.get(`reported-by:${viewer.id}`, () => reviewsReportedBy(reads.db, viewer.id), {
      dependsOn: () => [{ on: 'reports', userId: viewer.id }],
      weigh: (ids) => 100 + ids.size * 40,
    }),
  ]);
  const { page, answerForOthers } = kept;
  if (!page || !canSee(viewer, page.tutor)) throw tutorNotFound();
  const concernsViewer = page.items.some((review) => review.authorId === viewer.id || reported.has(review.id));
  if (answerForOthers && !concernsViewer) return answerForOthers;
  return toJsonBytes(tutorReviewListSchema, tutorReviewList(page, { id: viewer.id, reported }));
}

/** The page as a reader sees it: which reviews they wrote and reported; none for a reader it does not concern. */
function tutorReviewList(
  page: TutorReviewPage,
  reader: { id: string; reported: ReadonlySet<string> } | null,
): TutorReviewList {
  return {
    items: page.items.map(({ authorId, ...review }) => ({
      ...review,
      writtenByMe: reader !== null && authorId === reader.id,
      reportedByMe: reader?.reported.has(review.id) ?? false,
    })),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
  };
}
