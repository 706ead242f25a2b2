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
  reportReasons,
  reportReviewSchema,
} from '../../../../shared/reviews';
import { FieldError } from '../../../components/forms/field';
import { FormTextAreaField, mergeRefs } from '../../../components/forms/form-fields';
import { useAppForm } from '../../../components/forms/use-app-form';
import { DialogButtons, ModalDialog } from '../../../components/ui/modal-dialog';
import { ApiRequestError, errorMessage } from '../../../lib/api-client';
import { announceChange } from '../../../lib/data-changes';
import { reviewsText, useReviewsText } from '../../../i18n/namespaces/reviews';
import { useReportReview } from '../api/report-review';

/** A reason first; then the API's own rules (details required for 'Other', and a length limit). */
const reportFormSchema = z
  .object({
    reason: z
      .custom<ReportReason | null>()
      .pipe(z.enum(reportReasons, { error: () => reviewsText('reportDialog.reasonRequired') })),
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
  const { t } = useReviewsText();
  const firstReasonRef = useRef<HTMLInputElement>(null);
  const report = useReportReview();
  const queryClient = useQueryClient();

  function send({ reason, details }: ReportReviewRequest) {
    report.mutate(
      { reviewId: review.id, reason, details: details || undefined },
      {
        onSuccess: () => {
          onClose();
          toast.success(t('reportDialog.thanks'));
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
      title={t('reportDialog.title')}
      description={<p>{t('reportDialog.description', { review: reviewByAuthor(review) })}</p>}
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
  const { t } = useReviewsText();
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
          {t('reportDialog.question')}
          <span aria-hidden="true" className="ms-1 font-semibold text-red-700">
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
              {t(`reportReasons.${value}`)}
            </label>
          ))}
        </div>
        {reasonError && <FieldError id={reasonErrorId}>{reasonError}</FieldError>}
      </fieldset>
      <FormTextAreaField
        control={form.control}
        name="details"
        className="mt-4"
        label={detailsRequired ? t('reportDialog.details') : t('reportDialog.detailsOptional')}
        required={detailsRequired}
        rows={3}
        maxLength={REPORT_DETAILS_MAX_LENGTH}
        hint={detailsRequired ? t('reportDialog.detailsRequiredHint') : t('reportDialog.detailsHint')}
      />
      <DialogButtons
        confirmType="submit"
        confirmLabel={t('reportDialog.send')}
        busyLabel={t('general.sending')}
        cancelLabel={t('general.cancel')}
        variant="primary"
        busy={busy}
        onCancel={onCancel}
      />
    </form>
  );
}
