import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { ALL_REVIEWS_PAGE_SIZE } from '../../../../shared/reviews-constants';
import type { ReviewFeed, ReviewFeedQuery } from '../../../../shared/review-answers';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../../shared/query-string';
import { reviewKeys } from './query-keys';

/** What All Reviews is narrowed to: the tutors' department, the course a review names (absent: all). */
export type ReviewFeedFilters = Pick<ReviewFeedQuery, 'department' | 'course'>;

/** One page of the feed; without a cursor, the newest reviews. */
export const getReviewFeed = (filters: ReviewFeedFilters, cursor: string | undefined) =>
  api.get<ReviewFeed>(withQuery(apiPaths.reviews, { ...filters, cursor, limit: ALL_REVIEWS_PAGE_SIZE }));

export const reviewFeedQueryOptions = (filters: ReviewFeedFilters) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.feed(filters),
    queryFn: ({ pageParam }) => getReviewFeed(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    // Each page names where the next one starts, so page 40000 costs the server what page 1 does.
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A refetch walks every loaded page again; after a long scroll that is dozens of requests for
    // a glance back at the tab. Changes to reviews still refresh it (useReviewMutation).
    refetchOnWindowFocus: false,
    // The reviews stay, dimmed, while those of another filter load.
    placeholderData: keepPreviousData,
  });

/** Every visible review of a public tutor, newest first, a page at a time as the reader scrolls. */
export function useReviewFeed(filters: ReviewFeedFilters) {
  return useInfiniteQuery(reviewFeedQueryOptions(filters));
}
