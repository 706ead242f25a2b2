import { recentReviewsSchema, reviewFeedSchema, type ReviewFeedQuery } from '../../shared/review-answers';
import type { Dependency } from '../cache/data-changes';
import { toJsonBytes } from '../lib/json-bytes';
import { decodeFeedCursor, recentReviews, reviewFeed } from '../services/reviews/queries';
import { weighJson, type ReadContext } from './read-context';

const NEWEST: readonly Dependency[] = [{ on: 'review-feed', after: null }];

/**
 * A page of All Reviews, the same for every reader. Kept until a review in it changes, or a new
 * one lands in it or before it: pages after a cursor hold older reviews, which a new one leaves
 * where they are. Only the first page carries the feed's total, so only it depends on every
 * review: every change of the feed (a review added, hidden, deleted, a tutor hidden) drops it.
 */
export async function reviewFeedAnswer(reads: ReadContext, query: ReviewFeedQuery): Promise<Buffer> {
  const after = query.cursor ? decodeFeedCursor(query.cursor) : null;
  return reads.cache.get(
    `review-feed:${query.cursor ?? ''}:${query.limit}:${JSON.stringify([query.department ?? null, query.course ?? null])}`,
    async () => toJsonBytes(reviewFeedSchema, await reviewFeed(reads.db, query)),
    { dependsOn: () => [{ on: 'review-feed', after }], weigh: weighJson },
  );
}

/** The dashboard's latest reviews, kept until the newest reviews change. */
export async function recentReviewsAnswer(reads: ReadContext): Promise<Buffer> {
  return reads.cache.get(
    'recent-reviews',
    async () => toJsonBytes(recentReviewsSchema, await recentReviews(reads.db)),
    {
      dependsOn: () => NEWEST,
      weigh: weighJson,
    },
  );
}
