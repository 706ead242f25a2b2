import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useId, useRef } from 'react';
import { useController } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { reviewByAuthor } from '../../../components/reviews/review-parts';
import {
  REPORT_DETAILS_MAX_LENGTH,
  type ReportReason,
  type ReportReviewRequest,
  reportReasonLabels,
  reportReasons,
  reportReviewSchema,
} from '../../../../shared/reviews';
import { FieldError } from '../../../components/forms/field';
import { FormTextAreaField, mergeRefs } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { announceChange } from '../../../lib/data-changes';
import { useReportReview } from '../api/report-review';

const REASON_REQUIRED_MESSAGE = 'Please choose a reason.';

/** A reason first; then the API's own rules (details required for 'Other', and a length limit). */
const reportFormSchema = z
  .object({
    reason: z.custom<ReportReason | null>().pipe(z.enum(reportReasons, { error: REASON_REQUIRED_MESSAGE })),
    details: z.string(),
  })
  .transform((report, context): ReportReviewRequest => {
    const parsed = reportReviewSchema.safeParse(report);
    if (parsed.success) return parsed.data;
    for (const { message, path } of parsed.error.issues) context.addIssue({ code: 'custom', message, path });
    return z.NEVER;
  });

interface ReportedReview {
  id: string;
  authorName: string | null;
  title: string;
}

/** Asks why a review should be looked at by a moderator, then sends the report. */
export function ReportReviewDialog({
  review,
  open,
  onClose,
}: {
  review: ReportedReview;
  open: boolean;
  onClose: () => void;
}) {
  const firstReasonRef = useRef<HTMLInputElement>(null);
  const report = useReportReview();
  const queryClient = useQueryClient();

  function send({ reason, details }: ReportReviewRequest) {
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
            void announceChange(queryClient, 'reviews');
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
          Tell us what is wrong with the {reviewByAuthor(review)}. A moderator will look at your report. Reporting does
          not hide the review: it stays on the profile unless a moderator decides otherwise.
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
  onSend: (report: ReportReviewRequest) => void;
  onCancel: () => void;
}) {
  const legendId = useId();
  const reasonErrorId = useId();
  const form = useAppForm({
    schema: reportFormSchema,
    defaultValues: { reason: null as ReportReason | null, details: '' },
  });
  const { field: reason, fieldState: reasonState } = useController({ control: form.control, name: 'reason' });
  const reasonError = reasonState.error?.message;
  const detailsRequired = reason.value === 'other';
  const submit = form.handleSubmit(onSend);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        void submit(event);
      }}
    >
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
                // The first reason is where the dialog opens and where a missing reason sends focus.
                ref={index === 0 ? mergeRefs(firstReasonRef, reason.ref) : undefined}
                type="radio"
                name={reason.name}
                value={value}
                checked={reason.value === value}
                onChange={() => {
                  reason.onChange(value);
                  // Only 'Other' needs details: its message goes with it.
                  if (value !== 'other') form.clearErrors('details');
                }}
                onBlur={reason.onBlur}
                className="h-5 w-5 shrink-0 accent-indigo-700"
              />
              {reportReasonLabels[value]}
            </label>
          ))}
        </div>
        {reasonError && <FieldError id={reasonErrorId}>{reasonError}</FieldError>}
      </fieldset>
      <FormTextAreaField
        control={form.control}
        name="details"
        className="mt-4"
        label={detailsRequired ? 'Details' : 'Details (optional)'}
        required={detailsRequired}
        rows={3}
        maxLength={REPORT_DETAILS_MAX_LENGTH}
        hint={
          detailsRequired
            ? 'Required when the reason is Other.'
            : 'Anything that helps the moderator understand the problem.'
        }
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
