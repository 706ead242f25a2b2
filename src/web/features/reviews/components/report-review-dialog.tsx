import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_DETAILS_REQUIRED_MESSAGE,
  type ReportReason,
  reportReasonLabels,
  reportReasons,
  reportReviewSchema,
} from '../../../../shared/reviews';
import { FieldError, TextAreaField } from '../../../components/forms/field';
import { buttonClasses } from '../../../components/ui/button';
import { FlagIcon } from '../../../components/ui/icons';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { tutorKeys } from '../../tutors/api/query-keys';
import { useReportReview } from '../api/report-review';
import { reviewKeys } from '../api/query-keys';

const REASON_REQUIRED_MESSAGE = 'Please choose a reason.';

interface ReportedReview {
  id: string;
  authorName: string;
  reportedByMe: boolean;
}

/**
 * 'Report' on someone else's review, and the dialog it opens. Once reported it says 'Reported'
 * and does nothing more: it stays focusable (aria-disabled rather than disabled) so focus can
 * come back to it when the dialog closes, and so it can still be read.
 */
export function ReportReviewButton({ review }: { review: ReportedReview }) {
  const [open, setOpen] = useState(false);
  const reported = review.reportedByMe;
  return (
    <>
      <button
        type="button"
        aria-disabled={reported || undefined}
        onClick={() => {
          if (!reported) setOpen(true);
        }}
        className={buttonClasses(
          'secondary',
          `min-h-11 ${reported ? 'cursor-not-allowed opacity-60 hover:bg-white' : ''}`,
        )}
      >
        <FlagIcon className="h-4 w-4" />
        {reported ? 'Reported' : 'Report'}
        <span className="sr-only"> review by {review.authorName}</span>
      </button>
      <ReportReviewDialog review={review} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** Asks why a review should be looked at by a moderator, then sends the report. */
export function ReportReviewDialog({
  review,
  open,
  onClose,
}: {
  review: Pick<ReportedReview, 'id' | 'authorName'>;
  open: boolean;
  onClose: () => void;
}) {
  const firstReasonRef = useRef<HTMLInputElement>(null);
  const report = useReportReview();
  const queryClient = useQueryClient();

  function send(reason: ReportReason, details: string) {
    report.mutate(
      { reviewId: review.id, reason, details: details || undefined },
      {
        onSuccess: () => {
          onClose();
          toast.success('Thanks, a moderator will review your report.');
        },
        onError: (error) => {
          toast.error(errorMessage(error));
          // Reported before (another tab, another device): nothing to retry, and the page
          // should now say so.
          if (error instanceof ApiRequestError && error.status === 409) {
            onClose();
            void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
            void queryClient.invalidateQueries({ queryKey: tutorKeys.all });
          }
        },
      },
    );
  }

  return (
    <ModalDialog
      open={open}
      title="Report this review"
      description={
        <p>
          Tell us what is wrong with the review by {review.authorName}. A moderator will look at your report. Reporting
          does not hide the review: it stays on the profile unless a moderator decides otherwise.
        </p>
      }
      initialFocus={firstReasonRef}
      dismissible={!report.isPending}
      onCancel={onClose}
    >
      <ReportForm firstReasonRef={firstReasonRef} busy={report.isPending} onSend={send} onCancel={onClose} />
    </ModalDialog>
  );
}

// Mounted only while the dialog is open, so every report starts blank.
function ReportForm({
  firstReasonRef,
  busy,
  onSend,
  onCancel,
}: {
  firstReasonRef: RefObject<HTMLInputElement | null>;
  busy: boolean;
  onSend: (reason: ReportReason, details: string) => void;
  onCancel: () => void;
}) {
  const legendId = useId();
  const reasonErrorId = useId();
  const detailsRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [detailsError, setDetailsError] = useState<string | null>(null);
  const detailsRequired = reason === 'other';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!reason) {
      setReasonError(REASON_REQUIRED_MESSAGE);
      firstReasonRef.current?.focus();
      return;
    }
    // The API's own rules: details required for 'Other', and a length limit.
    const parsed = reportReviewSchema.safeParse({ reason, details });
    if (!parsed.success) {
      setDetailsError(
        parsed.error.issues.find((issue) => issue.path[0] === 'details')?.message ?? REPORT_DETAILS_REQUIRED_MESSAGE,
      );
      detailsRef.current?.focus();
      return;
    }
    setDetailsError(null);
    onSend(parsed.data.reason, parsed.data.details ?? '');
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <fieldset
        role="radiogroup"
        aria-labelledby={legendId}
        aria-required="true"
        aria-invalid={reasonError ? true : undefined}
        aria-describedby={reasonError ? reasonErrorId : undefined}
        className="mt-4"
      >
        <legend id={legendId} className="text-sm font-medium text-slate-800">
          Why are you reporting this review?
          <span aria-hidden="true" className="ml-1 font-semibold text-red-700">
            *
          </span>
        </legend>
        <div className="mt-2 space-y-1">
          {reportReasons.map((value, index) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-slate-900 hover:bg-slate-50"
            >
              <input
                ref={index === 0 ? firstReasonRef : undefined}
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setReasonError(null);
                  if (value !== 'other') setDetailsError(null);
                }}
                className="h-5 w-5 shrink-0 accent-indigo-700"
              />
              {reportReasonLabels[value]}
            </label>
          ))}
        </div>
        {reasonError && <FieldError id={reasonErrorId}>{reasonError}</FieldError>}
      </fieldset>
      <TextAreaField
        ref={detailsRef}
        className="mt-4"
        label={detailsRequired ? 'Details' : 'Details (optional)'}
        name="details"
        required={detailsRequired}
        rows={3}
        maxLength={REPORT_DETAILS_MAX_LENGTH}
        hint={
          detailsRequired
            ? 'Required when the reason is Other.'
            : 'Anything that helps the moderator understand the problem.'
        }
        value={details}
        error={detailsError}
        onChange={(event) => {
          setDetails(event.target.value);
          if (detailsError && event.target.value.trim()) setDetailsError(null);
        }}
      />
      <DialogButtons
        confirmType="submit"
        confirmLabel="Send report"
        busyLabel="Sending..."
        cancelLabel="Cancel"
        variant="primary"
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
