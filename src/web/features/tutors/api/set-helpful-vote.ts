import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { HelpfulVote } from '../../../../shared/review-answers';
import type { TutorReviewList } from '../../../../shared/tutor-reviews';
import { api } from '../../../lib/api-client';
import { tutorKeys } from './query-keys';

interface HelpfulVoteChange {
  tutorId: string;
  reviewId: string;
  /** True marks the review helpful (PUT); false takes the vote back (DELETE). */
  helpful: boolean;
}

/** Marks another student's review helpful, or takes the vote back; either way the answer is the review's new count. */
export const setHelpfulVote = ({ reviewId, helpful }: HelpfulVoteChange) =>
  helpful
    ? api.put<HelpfulVote>(apiPaths.reviewHelpfulVote(reviewId))
    : api.delete<HelpfulVote>(apiPaths.reviewHelpfulVote(reviewId));

/** Sets one review's count and the reader's vote in every cached page of its tutor's reviews. */
function patchReview(
  queryClient: QueryClient,
  { tutorId, reviewId }: HelpfulVoteChange,
  patch: (review: TutorReviewList['items'][number]) => HelpfulVote,
) {
  queryClient.setQueriesData<TutorReviewList>(
    { queryKey: tutorKeys.allReviews(tutorId) },
    (list) =>
      list && {
        ...list,
        items: list.items.map((review) => (review.id === reviewId ? { ...review, ...patch(review) } : review)),
      },
  );
}

/**
 * The vote shows at once: every cached page of the tutor's reviews is changed before the
 * request is sent, put back if it fails, and set to the server's count once it answers. The
 * list on screen is not asked again, so a review does not jump away under the reader's pointer
 * in the "Most helpful" order; the other orders and pages are asked again when next shown.
 */
export function useSetHelpfulVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHelpfulVote,
    onMutate: async (change) => {
      const queryKey = tutorKeys.allReviews(change.tutorId);
      // An answer on its way would overwrite the vote with the count from before it.
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueriesData<TutorReviewList>({ queryKey });
      patchReview(queryClient, change, (review) => ({
        markedHelpfulByMe: change.helpful,
        helpfulCount:
          review.markedHelpfulByMe === change.helpful
            ? review.helpfulCount
            : Math.max(0, review.helpfulCount + (change.helpful ? 1 : -1)),
      }));
      return { before };
    },
    onError: (_error, _change, context) => {
      for (const [queryKey, data] of context?.before ?? []) queryClient.setQueryData(queryKey, data);
    },
    onSuccess: (vote, change) => {
      patchReview(queryClient, change, () => vote);
      void queryClient.invalidateQueries({ queryKey: tutorKeys.allReviews(change.tutorId), refetchType: 'none' });
    },
  });
}
