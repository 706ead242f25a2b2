import { useState } from 'react';
import toast from 'react-hot-toast';
import { MODERATION_REASON_MAX_LENGTH } from '../../../../shared/reviews-constants';
import type { ResponseFromTutor } from '../../../../shared/tutor-side';
import { reviewByAuthor } from '../../../components/reviews/review-parts';
import { Button } from '../../../components/ui/button';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useApproveReviewResponse } from '../api/approve-review-response';
import { useDeleteAdminReviewResponse } from '../api/delete-admin-review-response';
import { useHideReviewResponse } from '../api/hide-review-response';
import { useUnhideReviewResponse } from '../api/unhide-review-response';

interface ReviewWithResponse {
  id: string;
  authorName: string | null;
  title: string;
  /** Review management knows whether the screen flagged it; a tutor's page knows only whether it is held. */
  response: (ResponseFromTutor & { flagged?: boolean }) | null;
}

/**
 * A moderator's Approve (of a response the screen flagged or holds), Hide (or Unhide) and Delete
 * of the tutor's response to a review, each with its reason where one is asked; nothing when the
 * review has no response.
 */
export function ResponseModerationActions({ review }: { review: ReviewWithResponse }) {
  const approve = useApproveReviewResponse();
  const hide = useHideReviewResponse();
  const unhide = useUnhideReviewResponse();
  const remove = useDeleteAdminReviewResponse();
  const [asking, setAsking] = useState<'hide' | 'delete' | null>(null);
  if (!review.response) return null;
  const named = `the response to the ${reviewByAuthor(review)}`;
  const onError = (error: Error) => toast.error(errorMessage(error));

  function handleReason(reason: string) {
    const onSuccess = (message: string) => () => {
      setAsking(null);
      toast.success(message);
    };
    if (asking === 'hide')
      hide.mutate({ reviewId: review.id, reason }, { onSuccess: onSuccess('Response hidden'), onError });
    else if (asking === 'delete')
      remove.mutate({ reviewId: review.id, reason }, { onSuccess: onSuccess('Response deleted'), onError });
  }

  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {(review.response.flagged || review.response.waitingForModerator) && (
        <Button
          className="min-h-11"
          aria-label={`Approve ${named}`}
          disabled={approve.isPending}
          onClick={() =>
            approve.mutate(review.id, {
              onSuccess: ({ response }) =>
                toast.success(response.isHidden ? 'Response approved' : 'Response approved and published'),
              onError,
            })
          }
        >
          {approve.isPending ? 'Approving...' : 'Approve response'}
        </Button>
      )}
      {review.response.isHidden && !review.response.waitingForModerator ? (
        <Button
          variant="secondary"
          className="min-h-11"
          aria-label={`Unhide ${named}`}
          disabled={unhide.isPending}
          onClick={() => unhide.mutate(review.id, { onSuccess: () => toast.success('Response shown again'), onError })}
        >
          {unhide.isPending ? 'Unhiding...' : 'Unhide response'}
        </Button>
      ) : (
        <Button variant="secondary" className="min-h-11" aria-label={`Hide ${named}`} onClick={() => setAsking('hide')}>
          Hide response
        </Button>
      )}
      <Button variant="ghost" className="min-h-11" aria-label={`Delete ${named}`} onClick={() => setAsking('delete')}>
        Delete response
      </Button>
      <ReasonDialog
        open={asking !== null}
        title={asking === 'hide' ? "Hide the tutor's response" : "Delete the tutor's response"}
        description={
          asking === 'hide'
            ? "Only the tutor's account and administrators will see it. The tutor is told the reason."
            : 'The response is removed for good. The reason is kept in the audit log.'
        }
        confirmLabel={asking === 'hide' ? 'Hide response' : 'Delete response'}
        busyLabel={asking === 'hide' ? 'Hiding...' : 'Deleting...'}
        maxLength={MODERATION_REASON_MAX_LENGTH}
        busy={hide.isPending || remove.isPending}
        onConfirm={handleReason}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
