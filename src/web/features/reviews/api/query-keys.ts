import type { AdminReviewListQueryInput, MyReviewsQueryInput } from '../../../../shared/reviews';

/**
 * Every cached review answer sits under ['reviews']. A review change also moves its tutor's
 * average and count, so mutations invalidate the tutors' answers too (see useReviewMutation).
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  feed: () => ['reviews', 'feed'] as const,
  recent: () => ['reviews', 'recent'] as const,
  mine: (query: MyReviewsQueryInput) => ['reviews', 'mine', query] as const,
  detail: (reviewId: string) => ['reviews', 'detail', reviewId] as const,
  admin: (query: AdminReviewListQueryInput) => ['reviews', 'admin', query] as const,
};
