import { lazy, Suspense, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { reviewByAuthor } from '../../../components/reviews/review-parts';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useTutorsText } from '../../../i18n/namespaces/tutors';
import type { TutorReview } from '../../../../shared/tutor-reviews';
import { useDeleteReviewResponse } from '../api/delete-review-response';

/** The form (and with it the schema library) loads when the tutor first opens it. */
const ResponseForm = lazy(() => import('./review-response-form').then((module) => ({ default: module.ResponseForm })));

/**
 * What the tutor's own account does under a review of its profile: 'Respond', or 'Edit
 * response' and 'Delete response' once it has. The form opens in place, under the review.
 */
export function ReviewResponseControls({ review }: { review: TutorReview }) {
  const { t } = useTutorsText();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const controlsRef = useRef<HTMLDivElement>(null);
  const remove = useDeleteReviewResponse();
  const named = reviewByAuthor(review);

  function close() {
    setEditing(false);
    // Back on the button that opened the form.
    requestAnimationFrame(() => controlsRef.current?.querySelector('button')?.focus());
  }

  if (editing)
    return (
      <Suspense fallback={<Spinner label={t('response.loadingForm')} />}>
        <ResponseForm review={review} onDone={close} />
      </Suspense>
    );

  return (
    <div ref={controlsRef} className="mt-3 flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        className="min-h-11"
        aria-label={
          review.response ? t('response.editLabel', { review: named }) : t('response.respondLabel', { review: named })
        }
        onClick={() => setEditing(true)}
      >
        {review.response ? t('response.edit') : t('response.respond')}
      </Button>
      {review.response && (
        <>
          <Button
            variant="ghost"
            className="min-h-11"
            aria-label={t('response.deleteLabel', { review: named })}
            onClick={() => setConfirmingDelete(true)}
          >
            {t('response.delete')}
          </Button>
          <ConfirmDialog
            open={confirmingDelete}
            title={t('response.deleteTitle')}
            description={t('response.deleteDescription')}
            confirmLabel={t('response.delete')}
            busyLabel={t('actions.deleting')}
            busy={remove.isPending}
            onCancel={() => setConfirmingDelete(false)}
            onConfirm={() =>
              remove.mutate(review.id, {
                onSuccess: () => {
                  setConfirmingDelete(false);
                  toast.success(t('response.deletedToast'));
                },
                onError: (error) => {
                  setConfirmingDelete(false);
                  toast.error(errorMessage(error));
                },
              })
            }
          />
        </>
      )}
    </div>
  );
}
