import { type ReactNode, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { MODERATION_REASON_MAX_LENGTH } from '../../../../shared/reviews-constants';
import { reviewByAuthor } from '../../../components/reviews/review-parts';
import { EyeOffIcon } from '../../../components/ui/icons/eye-off-icon';
import { TrashIcon } from '../../../components/ui/icons/trash-icon';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { errorMessage } from '../../../lib/api-client';
import { reviewsText, useReviewsText } from '../../../i18n/namespaces/reviews';
import { useDeleteAdminReview } from '../api/delete-admin-review';
import { useDismissReviewReports } from '../api/dismiss-review-reports';
import { useHideReview } from '../api/hide-review';
import { useUnhideReview } from '../api/unhide-review';
import { useApproveReview } from '../api/approve-review';

/** The review a moderator acts on: its id, and its author's name as shown and its title, for the controls' labels. */
export interface ModeratedReview {
  id: string;
  authorName: string | null;
  title: string;
}

export interface ModerationOptions {
  /**
   * Where focus goes once the action has succeeded, when the action takes away the control that
   * started it (the review leaves the list, or the button disappears).
   */
  focusAfter?: () => void;
}

type ReasonAction = 'hide' | 'delete';

interface ReasonRequest extends ModerationOptions {
  action: ReasonAction;
  review: ModeratedReview;
}

const hideReviewLabel = (review: ModeratedReview) =>
  reviewsText('moderation.hideLabel', { review: reviewByAuthor(review) });
const deleteReviewLabel = (review: ModeratedReview) =>
  reviewsText('moderation.deleteLabel', { review: reviewByAuthor(review) });

/**
 * A moderator's hide, unhide, delete, dismiss and approve, with the reason dialogs and the toasts. The
 * page hosts it once, above its list: the dialogs and mutations outlive a review that leaves the
 * list when the refetch that follows each action arrives, so the outcome is always reported.
 */
export function useReviewModeration() {
  const { t } = useReviewsText();
  const hide = useHideReview();
  const unhide = useUnhideReview();
  const remove = useDeleteAdminReview();
  const dismiss = useDismissReviewReports();
  const approve = useApproveReview();
  const [request, setRequest] = useState<ReasonRequest | null>(null);

  // Focus moves after the dialog has closed and given focus back to its opener (the dialog is
  // a child, so its effects run before this one); a modal dialog would refuse it before.
  const focusAfterClose = useRef<(() => void) | null>(null);
  const [focusRequests, setFocusRequests] = useState(0);
  useEffect(() => {
    const focus = focusAfterClose.current;
    focusAfterClose.current = null;
    focus?.();
  }, [focusRequests]);

  function settle(options: ModerationOptions | undefined) {
    focusAfterClose.current = options?.focusAfter ?? null;
    setFocusRequests((count) => count + 1);
  }

  function handleReason(reason: string) {
    if (!request) return;
    const { action, review } = request;
    const onError = (error: Error) => toast.error(errorMessage(error));
    if (action === 'hide') {
      hide.mutate(
        { reviewId: review.id, reason },
        {
          onSuccess: () => {
            setRequest(null);
            settle(request);
            toast.success(t('moderation.hidden'));
          },
          onError,
        },
      );
    } else {
      remove.mutate(
        { reviewId: review.id, reason },
        {
          onSuccess: () => {
            setRequest(null);
            settle(request);
            toast.success(t('moderation.deleted'));
          },
          onError,
        },
      );
    }
  }

  function requestUnhide(review: ModeratedReview, options?: ModerationOptions) {
    if (unhide.isPending) return;
    unhide.mutate(review.id, {
      onSuccess: () => {
        settle(options);
        toast.success(t('moderation.visibleAgain'));
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  function requestDismiss(review: ModeratedReview, options?: ModerationOptions) {
    if (dismiss.isPending) return;
    dismiss.mutate(review.id, {
      onSuccess: () => {
        settle(options);
        toast.success(t('moderation.reportsDismissed'));
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  function requestApprove(review: ModeratedReview, options?: ModerationOptions) {
    if (approve.isPending) return;
    approve.mutate(review.id, {
      onSuccess: (saved) => {
        settle(options);
        toast.success(saved.review.isHidden ? t('moderation.flagCleared') : t('moderation.published'));
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  }

  const asked = request?.review;
  const dialogs = (
    <>
      <ReasonDialog
        open={request?.action === 'hide'}
        title={t('moderation.hideTitle')}
        description={
          <p>
            {t('moderation.hideDescription', { review: asked ? reviewByAuthor(asked) : t('moderation.theReview') })}
          </p>
        }
        label={t('general.reason')}
        confirmLabel={t('moderation.hideConfirm')}
        busyLabel={t('general.hiding')}
        variant="primary"
        maxLength={MODERATION_REASON_MAX_LENGTH}
        busy={hide.isPending}
        onConfirm={handleReason}
        onCancel={() => setRequest(null)}
      />
      <ReasonDialog
        open={request?.action === 'delete'}
        title={t('moderation.deleteTitle')}
        description={
          <p>
            {t('moderation.deleteDescription', { review: asked ? reviewByAuthor(asked) : t('moderation.theReview') })}
          </p>
        }
        label={t('general.reason')}
        confirmLabel={t('general.delete')}
        busyLabel={t('general.deleting')}
        maxLength={MODERATION_REASON_MAX_LENGTH}
        busy={remove.isPending}
        onConfirm={handleReason}
        onCancel={() => setRequest(null)}
      />
    </>
  );

  return {
    requestHide: (review: ModeratedReview, options?: ModerationOptions) =>
      setRequest({ action: 'hide', review, ...options }),
    requestDelete: (review: ModeratedReview, options?: ModerationOptions) =>
      setRequest({ action: 'delete', review, ...options }),
    requestUnhide,
    requestDismiss,
    requestApprove,
    /** The review whose unhide or dismiss is on its way, to show on its button. */
    unhidingId: unhide.isPending ? unhide.variables : undefined,
    dismissingId: dismiss.isPending ? dismiss.variables : undefined,
    /** Render once on the page. */
    dialogs,
  };
}

export type ReviewModeration = ReturnType<typeof useReviewModeration>;

/**
 * The hide and delete icons on a review of a tutor's profile, for administrators. An admin does
 * not rewrite a student's words: the first icon (an eye struck through, not a pencil) hides the
 * review, with a reason.
 */
export function ReviewModerationActions({
  review,
  moderation,
  options,
}: {
  review: ModeratedReview;
  moderation: ReviewModeration;
  options?: ModerationOptions;
}) {
  return (
    <div className="flex items-center gap-1">
      <IconButton label={hideReviewLabel(review)} onClick={() => moderation.requestHide(review, options)}>
        <EyeOffIcon className="h-5 w-5" />
      </IconButton>
      <IconButton
        label={deleteReviewLabel(review)}
        tone="danger"
        onClick={() => moderation.requestDelete(review, options)}
      >
        <TrashIcon className="h-5 w-5" />
      </IconButton>
    </div>
  );
}

/**
 * A 44px icon button named by its label, which also shows as a tooltip on hover and on keyboard
 * focus (a title attribute would show on hover only).
 */
function IconButton({
  label,
  tone = 'neutral',
  onClick,
  children,
}: {
  label: string;
  tone?: 'neutral' | 'danger';
  onClick: () => void;
  children: ReactNode;
}) {
  const colours =
    tone === 'danger'
      ? 'text-red-700 hover:bg-red-50 hover:text-red-800'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900';
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        aria-label={label}
        onClick={onClick}
        className={`inline-flex h-11 w-11 items-center justify-center rounded-md ${colours}`}
      >
        {children}
      </button>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute end-0 bottom-full z-10 mb-1 w-max max-w-56 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white opacity-0 shadow transition-opacity group-hover:opacity-100 group-has-[:focus-visible]:opacity-100"
      >
        {label}
      </span>
    </span>
  );
}
