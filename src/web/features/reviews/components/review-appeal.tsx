import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { APPEAL_TEXT_MAX_LENGTH, appealReviewSchema, type AppealReviewRequest } from '../../../../shared/appeals';
import type { ReviewAppeal } from '../../../../shared/reviews';
import { FormErrorAlert, FormTextAreaField } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { Button } from '../../../components/ui/button';
import { ReviewDate } from '../../../components/reviews/review-parts';
import { useAppealReview } from '../api/appeal-review';

/** Where an appeal stands, in the author's words. */
const appealStateText: Record<ReviewAppeal['status'], string> = {
  pending: 'Appeal sent: waiting for a moderator.',
  restored: 'Appeal accepted: your review is published again.',
  upheld: "Appeal declined: the moderator's decision stands.",
};

/** The author's appeal as it stands: waiting, or decided with the moderator's reason. */
export function AppealState({ appeal }: { appeal: ReviewAppeal }) {
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
      <p className="font-semibold text-slate-900">{appealStateText[appeal.status]}</p>
      <p className="mt-1 whitespace-pre-line break-words">
        <span className="font-semibold">You wrote (</span>
        <ReviewDate value={appeal.createdAt} />
        <span className="font-semibold">): </span>
        {appeal.text}
      </p>
      {appeal.decisionReason && (
        <p className="mt-1 whitespace-pre-line break-words">
          <span className="font-semibold">Moderator&apos;s reason: </span>
          {appeal.decisionReason}
        </p>
      )}
    </div>
  );
}

/**
 * On a hidden or deleted review of the author's: its appeal as it stands, or an "Appeal" button
 * that opens a short form. `startOpen` opens it at once and brings it into view (the link of
 * the review's hidden or deleted notification).
 */
export function ReviewAppealSection({
  reviewId,
  tutorName,
  appeal,
  startOpen = false,
}: {
  reviewId: string;
  tutorName: string;
  appeal: ReviewAppeal | null;
  startOpen?: boolean;
}) {
  const [open, setOpen] = useState(startOpen);
  const sectionRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (startOpen) sectionRef.current?.scrollIntoView({ block: 'center' });
  }, [startOpen]);

  if (appeal) return <AppealState appeal={appeal} />;
  return (
    <div ref={sectionRef} id={`appeal-${reviewId}`} className="space-y-3">
      {!open && (
        <Button
          variant="secondary"
          aria-label={`Appeal the decision on your review of ${tutorName}`}
          onClick={() => setOpen(true)}
        >
          Appeal
        </Button>
      )}
      {open && (
        <AppealForm
          reviewId={reviewId}
          tutorName={tutorName}
          onCancel={() => {
            setOpen(false);
            // The button comes back once the form is gone.
            setTimeout(() => sectionRef.current?.querySelector('button')?.focus());
          }}
        />
      )}
    </div>
  );
}

function AppealForm({ reviewId, tutorName, onCancel }: { reviewId: string; tutorName: string; onCancel: () => void }) {
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
