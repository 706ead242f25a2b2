import type { ReviewFeedQuery } from '../../../../shared/review-answers';
import type { AdminReviewListQueryInput } from '../../../../shared/review-moderation';
import type { MyReviewsQueryInput } from '../../../../shared/my-reviews';
import type { AdminAppealListQueryInput } from '../../../../shared/appeals';
import { staleOn } from '../../../lib/data-changes';

/**
 * Every cached review answer sits under ['reviews']. A review change also moves its tutor's
 * average and count: the tutors' keys are stale on 'reviews' as well (see tutors/api/query-keys).
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  feed: (filters: Pick<ReviewFeedQuery, 'department' | 'course'>) => ['reviews', 'feed', filters] as const,
  recent: () => ['reviews', 'recent'] as const,
  mine: (query: MyReviewsQueryInput) => ['reviews', 'mine', query] as const,
  detail: (reviewId: string) => ['reviews', 'detail', reviewId] as const,
  admin: (query: AdminReviewListQueryInput) => ['reviews', 'admin', query] as const,
  myDeleted: () => ['reviews', 'mine-deleted'] as const,
  appeals: (query: AdminAppealListQueryInput) => ['reviews', 'appeals', query] as const,
};

staleOn(['reviews'], reviewKeys.all);
