import { useEffect, useRef } from 'react';
import toast from 'react-hot-toast';
import { APPEAL_TEXT_MAX_LENGTH, appealReviewSchema, type AppealReviewRequest } from '../../../../shared/appeals';
import { FormErrorAlert, FormTextAreaField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button } from '../../../components/ui/button';
import { useAppealReview } from '../api/appeal-review';

/** The author's appeal: why a moderator should look again, sent once. */
export function AppealForm({
  reviewId,
  tutorName,
  onCancel,
}: {
  reviewId: string;
  tutorName: string;
  onCancel: () => void;
}) {
  const textRef = useRef<HTMLTextAreaElement>(null);
  const appeal = useAppealReview();
  const form = useAppForm({ schema: appealReviewSchema, defaultValues: { text: '' } });

  useEffect(() => textRef.current?.focus({ preventScroll: true }), []);

  function send(request: AppealReviewRequest) {
    if (appeal.isPending) return;
    appeal.mutate(
      { reviewId, ...request },
      {
        onSuccess: () => toast.success('Your appeal was sent to the moderators.'),
        onError: form.showServerError,
      },
    );
  }

  return (
    <form
      noValidate
      aria-label={`Appeal about your review of ${tutorName}`}
      onSubmit={form.handleSubmit(send)}
      className="space-y-3 rounded-md border border-slate-200 p-3"
    >
      <FormErrorAlert control={form.control} />
      <FormTextAreaField
        control={form.control}
        name="text"
        ref={textRef}
        label="Why should a moderator look again?"
        hint={`You can appeal once. At most ${APPEAL_TEXT_MAX_LENGTH} characters.`}
        required
        rows={4}
        maxLength={APPEAL_TEXT_MAX_LENGTH}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel} disabled={appeal.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={appeal.isPending}>
          {appeal.isPending ? 'Sending...' : 'Send appeal'}
        </Button>
      </div>
    </form>
  );
}
