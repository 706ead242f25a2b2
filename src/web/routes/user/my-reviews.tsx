import { useEffect, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { LinkButton } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-client';
import { useDeleteReview } from '../../features/reviews/api/delete-review';
import { useMyReviews } from '../../features/reviews/api/get-my-reviews';
import { MyReviewItem } from '../../features/reviews/components/my-review-item';
import { DeletedReviewItem } from '../../features/reviews/components/deleted-review-item';
import { useMyDeletedReviews } from '../../features/reviews/api/get-my-deleted-reviews';
import { useReview } from '../../features/reviews/api/get-review';
import { useDocumentTitle } from '../../features/settings/hooks/use-document-title';
import { PagedList } from '../../components/lists/paged-list';
import type { MyReview } from '../../../shared/my-reviews';
import { pageFromParam } from '../../../shared/query-string';
import { useReviewsText } from '../../i18n/namespaces/reviews';

export function MyReviewsRoute() {
  const { t } = useReviewsText();
  useDocumentTitle(t('myReviews.title'));
  const [searchParams] = useSearchParams();
  const page = pageFromParam(searchParams.get('page'));
  const myReviews = useMyReviews({ page });
  // ?appeal=<review id>: the link of a hidden or deleted review's notification opens its appeal.
  const appealFor = searchParams.get('appeal');
  const deletedReviews = useMyDeletedReviews();
  const deletedItems = deletedReviews.data?.items ?? [];
  const appealOnPage =
    appealFor !== null &&
    (deletedItems.some((review) => review.id === appealFor) ||
      (myReviews.data?.items ?? []).some((review) => review.id === appealFor));
  // A hidden review on another page of the list is shown on its own above it.
  const appealedElsewhere = useReview(appealFor ?? undefined, {
    enabled: !appealOnPage && deletedReviews.isSuccess && myReviews.isSuccess,
  });
  const pinned = !appealOnPage && appealedElsewhere.data?.review.isHidden ? appealedElsewhere.data.review : null;
  const deleteReview = useDeleteReview();
  const [toDelete, setToDelete] = useState<MyReview | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeadingOnClose = useRef(false);

  // The deleted review's button is gone, so the dialog cannot hand focus back to it; the heading
  // takes it instead. The dialog (a child) has closed by the time this parent effect runs.
  useEffect(() => {
    if (toDelete === null && focusHeadingOnClose.current) {
      focusHeadingOnClose.current = false;
      headingRef.current?.focus();
    }
  }, [toDelete]);

  function confirmDelete() {
    if (!toDelete) return;
    deleteReview.mutate(toDelete.id, {
      onSuccess: () => {
        focusHeadingOnClose.current = true;
        toast.success(t('myReviews.deleted'));
      },
      onError: (error) => {
        toast.error(errorMessage(error));
        // The review may already be gone (deleted in another tab): show the list as it now is.
        void myReviews.refetch();
      },
      onSettled: () => setToDelete(null),
    });
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-slate-900 focus:outline-none">
            {t('myReviews.title')}
          </h1>
          <p className="mt-1 text-slate-700">{t('myReviews.intro')}</p>
        </div>
        <LinkButton to={paths.user.submitReview()}>{t('myReviews.write')}</LinkButton>
      </div>

      {pinned && (
        <section aria-labelledby="appealed-review-heading" className="space-y-3">
          <h2 id="appealed-review-heading" className="text-lg font-semibold text-slate-900">
            {t('myReviews.appeal')}
          </h2>
          <MyReviewItem review={pinned} onDelete={() => setToDelete(pinned)} appealOpen />
        </section>
      )}

      {deletedItems.length > 0 && (
        <section aria-labelledby="deleted-reviews-heading" className="space-y-3">
          <h2 id="deleted-reviews-heading" className="text-lg font-semibold text-slate-900">
            {t('myReviews.deletedByModerator')}
          </h2>
          <ul className="space-y-4">
            {deletedItems.map((review) => (
              <li key={review.id}>
                <DeletedReviewItem review={review} appealOpen={review.id === appealFor} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <PagedList
        query={myReviews}
        page={page}
        label={t('myReviews.label')}
        errorMessage={t('general.failedToLoad')}
        emptyMessage={t('myReviews.empty')}
        emptyActions={
          <>
            <LinkButton to={paths.user.tutors}>{t('myReviews.findTutor')}</LinkButton>
            <LinkButton to={paths.user.allReviews} variant="secondary">
              {t('myReviews.allReviews')}
            </LinkButton>
          </>
        }
        noun={[t('general.reviewNoun'), t('general.reviewsNoun')]}
        pagesLabel={t('myReviews.pages')}
        onNavigate={() => {
          // Keyboard and screen reader users continue from the top of the new page.
          headingRef.current?.focus({ preventScroll: true });
          headingRef.current?.scrollIntoView({ block: 'start' });
        }}
      >
        {(items) => (
          <ul className="space-y-4">
            {items.map((review) => (
              <li key={review.id}>
                <MyReviewItem
                  review={review}
                  onDelete={() => setToDelete(review)}
                  appealOpen={review.id === appealFor}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedList>

      <ConfirmDialog
        open={toDelete !== null}
        title={t('myReviews.confirmTitle')}
        description={
          <Trans
            t={t}
            i18nKey="myReviews.confirmText"
            values={{ name: toDelete?.tutor.name }}
            components={{ strong: <strong /> }}
          />
        }
        confirmLabel={t('general.delete')}
        busyLabel={t('general.deleting')}
        cancelLabel={t('general.cancel')}
        busy={deleteReview.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </div>
  );
}

export { MyReviewsRoute as Component };
