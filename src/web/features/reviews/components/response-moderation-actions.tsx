import { useState } from 'react';
import toast from 'react-hot-toast';
import { MODERATION_REASON_MAX_LENGTH } from '../../../../shared/reviews-constants';
import type { ResponseFromTutor } from '../../../../shared/tutor-side';
import { reviewByAuthor } from '../../../components/reviews/review-parts';
import { Button } from '../../../components/ui/button';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useReviewsText } from '../../../i18n/namespaces/reviews';
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
  const { t } = useReviewsText();
  const approve = useApproveReviewResponse();
  const hide = useHideReviewResponse();
  const unhide = useUnhideReviewResponse();
  const remove = useDeleteAdminReviewResponse();
  const [asking, setAsking] = useState<'hide' | 'delete' | null>(null);
  if (!review.response) return null;
  const named = t('responseModeration.named', { review: reviewByAuthor(review) });
  const onError = (error: Error) => toast.error(errorMessage(error));

  function handleReason(reason: string) {
    const onSuccess = (message: string) => () => {
      setAsking(null);
      toast.success(message);
    };
    if (asking === 'hide')
      hide.mutate({ reviewId: review.id, reason }, { onSuccess: onSuccess(t('responseModeration.hidden')), onError });
    else if (asking === 'delete')
      remove.mutate(
        { reviewId: review.id, reason },
        { onSuccess: onSuccess(t('responseModeration.deleted')), onError },
      );
  }

  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {(review.response.flagged || review.response.waitingForModerator) && (
        <Button
          className="min-h-11"
          aria-label={t('responseModeration.approveLabel', { named })}
          disabled={approve.isPending}
          onClick={() =>
            approve.mutate(review.id, {
              onSuccess: ({ response }) =>
                toast.success(
                  response.isHidden ? t('responseModeration.approved') : t('responseModeration.approvedPublished'),
                ),
              onError,
            })
          }
        >
          {approve.isPending ? t('responseModeration.approving') : t('responseModeration.approve')}
        </Button>
      )}
      {review.response.isHidden && !review.response.waitingForModerator ? (
        <Button
          variant="secondary"
          className="min-h-11"
          aria-label={t('responseModeration.unhideLabel', { named })}
          disabled={unhide.isPending}
          onClick={() =>
            unhide.mutate(review.id, { onSuccess: () => toast.success(t('responseModeration.shownAgain')), onError })
          }
        >
          {unhide.isPending ? t('responseModeration.unhiding') : t('responseModeration.unhide')}
        </Button>
      ) : (
        <Button
          variant="secondary"
          className="min-h-11"
          aria-label={t('responseModeration.hideLabel', { named })}
          onClick={() => setAsking('hide')}
        >
          {t('responseModeration.hide')}
        </Button>
      )}
      <Button
        variant="ghost"
        className="min-h-11"
        aria-label={t('responseModeration.deleteLabel', { named })}
        onClick={() => setAsking('delete')}
      >
        {t('responseModeration.delete')}
      </Button>
      <ReasonDialog
        open={asking !== null}
        title={asking === 'hide' ? t('responseModeration.hideTitle') : t('responseModeration.deleteTitle')}
        description={
          asking === 'hide' ? t('responseModeration.hideDescription') : t('responseModeration.deleteDescription')
        }
        confirmLabel={asking === 'hide' ? t('responseModeration.hide') : t('responseModeration.delete')}
        busyLabel={asking === 'hide' ? t('general.hiding') : t('general.deleting')}
        maxLength={MODERATION_REASON_MAX_LENGTH}
        busy={hide.isPending || remove.isPending}
        onConfirm={handleReason}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}
