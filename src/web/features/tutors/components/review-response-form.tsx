import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { FormErrorAlert, FormTextAreaField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button } from '../../../components/ui/button';
import { RESPONSE_BODY_MAX_LENGTH, responseInputSchema } from '../../../../shared/tutor-side';
import type { TutorReview } from '../../../../shared/tutors';
import { useSaveReviewResponse } from '../api/save-review-response';

/** The tutor's response to a review, written or rewritten in place under it. */
export function ResponseForm({ review, onDone }: { review: TutorReview; onDone: () => void }) {
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
