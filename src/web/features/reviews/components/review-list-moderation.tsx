import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { MODERATION_REASON_MAX_LENGTH } from '../../../../shared/reviews-constants';
import type { RowMenuItem } from '../../../components/tables/row-menu';
import { undoToast } from '../../../components/tables/undo-toast';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { errorMessage } from '../../../lib/api-client';
import { reviewsText, useReviewsText } from '../../../i18n/namespaces/reviews';
import { announceChange } from '../../../lib/data-changes';
import { dismissReviewReports } from '../api/dismiss-review-reports';
import { hideReview } from '../api/hide-review';
import { unhideReview } from '../api/unhide-review';
import type { ModeratedReview, ReviewModeration } from './review-moderation-actions';

/** A review in the moderators' list, as its row menu needs it. */
export interface ListedReview extends ModeratedReview {
  isHidden: boolean;
  openReportCount: number;
  /** Flagged by the screen, or held by it for a moderator. */
  flagged: boolean;
  waitingForModerator: boolean;
}

/**
 * A row's menu in review management: Approve for what the screen flagged or holds, Hide or
 * Unhide, Dismiss reports when there are any, and Delete last. `leaves` says, per action, where
 * focus goes when the row leaves the list.
 */
export function reviewMenuItems(
  review: ListedReview,
  moderation: ReviewModeration,
  after: { hide?: () => void; unhide?: () => void; dismiss?: () => void; approve?: () => void; remove: () => void },
): RowMenuItem[] {
  const items: RowMenuItem[] = [];
  if (review.flagged || review.waitingForModerator)
    items.push({
      label: review.waitingForModerator
        ? reviewsText('listModeration.approvePublish')
        : reviewsText('listModeration.approve'),
      onSelect: () => moderation.requestApprove(review, { focusAfter: after.approve }),
    });
  // A held review is hidden by the screen, not by a moderator: Hide settles it the other way.
  items.push(
    review.isHidden && !review.waitingForModerator
      ? {
          label: reviewsText('listModeration.unhide'),
          onSelect: () => moderation.requestUnhide(review, { focusAfter: after.unhide }),
        }
      : {
          label: reviewsText('listModeration.hide'),
          onSelect: () => moderation.requestHide(review, { focusAfter: after.hide }),
        },
  );
  if (review.openReportCount > 0)
    items.push({
      label: reviewsText('listModeration.dismissReports'),
      onSelect: () => moderation.requestDismiss(review, { focusAfter: after.dismiss }),
    });
  items.push({
    label: reviewsText('listModeration.delete'),
    danger: true,
    onSelect: () => moderation.requestDelete(review, { focusAfter: after.remove }),
  });
  return items;
}

/**
 * Hide or dismiss the reports of several reviews at once, each through its own request (each is
 * checked, logged and notified as a single one). Hiding can be undone from its toast: Undo shows
 * the reviews again through the server (their reports stay settled). Dismissing cannot: the
 * reports are closed for good.
 */
export function useBulkReviewModeration({ onDone }: { onDone: () => void }) {
  const { t } = useReviewsText();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<ModeratedReview[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function each(ids: string[], run: (id: string) => Promise<unknown>): Promise<string[]> {
    const done: string[] = [];
    for (const id of ids) {
      try {
        await run(id);
        done.push(id);
      } catch (error) {
        toast.error(errorMessage(error as Error));
      }
    }
    await announceChange(queryClient, 'reviews');
    return done;
  }

  async function hideAll(reason: string) {
    if (!asking) return;
    setBusy(true);
    const hidden = await each(
      asking.map((review) => review.id),
      (reviewId) => hideReview({ reviewId, reason }),
    ).finally(() => setBusy(false));
    setAsking(null);
    onDone();
    if (hidden.length === 0) return;
    undoToast(t('listModeration.hidden', { count: hidden.length }), () => {
      void each(hidden, unhideReview).then((shown) => {
        if (shown.length > 0) toast.success(t('listModeration.visibleAgain', { count: shown.length }));
      });
    });
  }

  async function dismissAll(reviews: ModeratedReview[]) {
    if (busy) return;
    setBusy(true);
    const dismissed = await each(
      reviews.map((review) => review.id),
      dismissReviewReports,
    ).finally(() => setBusy(false));
    onDone();
    if (dismissed.length > 0) toast.success(t('listModeration.dismissed', { count: dismissed.length }));
  }

  return {
    busy,
    /** Opens the reason dialog for hiding these reviews. */
    requestHide: (reviews: ModeratedReview[]) => setAsking(reviews),
    dismissAll,
    /** Render once on the page; `onDone` runs after the reviews are hidden (to clear the selection). */
    dialog: (
      <ReasonDialog
        open={asking !== null}
        title={asking ? t('listModeration.hideTitle', { count: asking.length }) : t('listModeration.hideReviews')}
        description={<p>{t('listModeration.hideDescription')}</p>}
        label={t('general.reason')}
        confirmLabel={t('listModeration.hideReviews')}
        busyLabel={t('general.hiding')}
        variant="primary"
        maxLength={MODERATION_REASON_MAX_LENGTH}
        busy={busy}
        onConfirm={(reason) => void hideAll(reason)}
        onCancel={() => setAsking(null)}
      />
    ),
  };
}
