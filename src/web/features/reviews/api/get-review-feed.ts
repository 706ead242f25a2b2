import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { ALL_REVIEWS_PAGE_SIZE } from '../../../../shared/reviews-constants';
import type { ReviewFeed } from '../../../../shared/reviews';
import { api } from '../../../lib/api-client';
import { withQuery } from '../../../../shared/query-string';
import { reviewKeys } from './query-keys';

/** One page of the feed; without a cursor, the newest reviews. */
export const getReviewFeed = (cursor: string | undefined) =>
  api.get<ReviewFeed>(withQuery(apiPaths.reviews, { cursor, limit: ALL_REVIEWS_PAGE_SIZE }));

export const reviewFeedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: reviewKeys.feed(),
    queryFn: ({ pageParam }) => getReviewFeed(pageParam),
    initialPageParam: undefined as string | undefined,
    // Each page names where the next one starts, so page 40000 costs the server what page 1 does.
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A refetch walks every loaded page again; after a long scroll that is dozens of requests for
    // a glance back at the tab. Changes to reviews still refresh it (useReviewMutation).
    refetchOnWindowFocus: false,
  });

/** Every visible review of a public tutor, newest first, a page at a time as the reader scrolls. */
export function useReviewFeed() {
  return useInfiniteQuery(reviewFeedQueryOptions());
}
