import { recentReviewsSchema, reviewFeedSchema, type ReviewFeedQuery } from '../../shared/reviews';
import { toJsonBytes } from '../lib/json-bytes';
import { recentReviews, reviewFeed } from '../services/reviews/queries';
import { weighJson, type ReadContext } from './read-context';

const FEED = [{ on: 'review-feed' }] as const;

/** A page of All Reviews, the same for every reader, kept until the feed changes. */
export async function reviewFeedAnswer(reads: ReadContext, query: ReviewFeedQuery): Promise<Buffer> {
  return reads.cache.get(
    `review-feed:${query.cursor ?? ''}:${query.limit}`,
    async () => toJsonBytes(reviewFeedSchema, await reviewFeed(reads.db, query)),
    { dependsOn: () => FEED, weigh: weighJson },
  );
}

/** The dashboard's latest reviews, kept until the feed changes. */
export async function recentReviewsAnswer(reads: ReadContext): Promise<Buffer> {
  return reads.cache.get(
    'recent-reviews',
    async () => toJsonBytes(recentReviewsSchema, await recentReviews(reads.db)),
    {
      dependsOn: () => FEED,
      weigh: weighJson,
    },
  );
}
