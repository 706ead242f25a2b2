import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { reviewByAuthor } from '../../../components/reviews/review-parts';
import { FormErrorAlert, FormTextAreaField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { RESPONSE_BODY_MAX_LENGTH, responseInputSchema } from '../../../../shared/tutor-side';
import type { TutorReview } from '../../../../shared/tutors';
import { useDeleteReviewResponse } from '../api/delete-review-response';
import { useSaveReviewResponse } from '../api/save-review-response';

/**
 * What the tutor's own account does under a review of its profile: 'Respond', or 'Edit
 * response' and 'Delete response' once it has. The form opens in place, under the review.
 */
export function ReviewResponseControls({ review }: { review: TutorReview }) {
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

  if (editing) return <ResponseForm review={review} onDone={close} />;

  return (
    <div ref={controlsRef} className="mt-3 flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        className="min-h-11"
        aria-label={`${review.response ? 'Edit response' : 'Respond'} to the ${named}`}
        onClick={() => setEditing(true)}
      >
        {review.response ? 'Edit response' : 'Respond'}
      </Button>
      {review.response && (
        <>
          <Button
            variant="ghost"
            className="min-h-11"
            aria-label={`Delete response to the ${named}`}
            onClick={() => setConfirmingDelete(true)}
          >
            Delete response
          </Button>
          <ConfirmDialog
            open={confirmingDelete}
            title="Delete your response?"
            description="Your response will no longer show under this review."
            confirmLabel="Delete response"
            busyLabel="Deleting..."
            busy={remove.isPending}
            onCancel={() => setConfirmingDelete(false)}
            onConfirm={() =>
              remove.mutate(review.id, {
                onSuccess: () => {
                  setConfirmingDelete(false);
                  toast.success('Response deleted.');
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

function ResponseForm({ review, onDone }: { review: TutorReview; onDone: () => void }) {
  const save = useSaveReviewResponse();
  const form = useAppForm({ schema: responseInputSchema, defaultValues: { body: review.response?.body ?? '' } });
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  // Opened by the tutor's click: the text box is where they write next.
  useEffect(() => bodyRef.current?.focus(), []);

  return (
    <form
      noValidate
      className="mt-3 space-y-3 rounded-lg border border-slate-200 p-3"
      onSubmit={form.handleSubmit((input) => {
        if (save.isPending) return;
        save.mutate(
          { reviewId: review.id, ...input },
          {
            onSuccess: () => {
              toast.success(review.response ? 'Response updated.' : 'Response published.');
              onDone();
            },
            onError: form.showServerError,
          },
        );
      })}
    >
      <FormErrorAlert control={form.control} />
      <FormTextAreaField
        control={form.control}
        name="body"
        label="Your response"
        hint="Shown under the review as “Response from the tutor”, to every student."
        required
        rows={4}
        maxLength={RESPONSE_BODY_MAX_LENGTH}
        ref={bodyRef}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Publishing...' : 'Publish response'}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
