import { lazy, Suspense, useState } from 'react';
import { reviewByAuthor } from '../../../components/reviews/review-parts';
import { buttonClasses } from '../../../components/ui/button';
import { FlagIcon } from '../../../components/ui/icons/flag-icon';
import { useReviewsText } from '../../../i18n/namespaces/reviews';

// The dialog is a form (and with it the schema library): loaded on the first report, so pages
// that list reviews do not pay for it up front.
const ReportReviewDialog = lazy(() =>
  import('./report-review-dialog').then((module) => ({ default: module.ReportReviewDialog })),
);

interface ReportedReview {
  id: string;
  authorName: string | null;
  title: string;
  reportedByMe: boolean;
}

/**
 * 'Report' on someone else's review: a quiet button, a small flag and the word, that opens the
 * report dialog. Once reported it says 'Reported' and does nothing more: it stays focusable
 * (aria-disabled rather than disabled) so focus can come back to it when the dialog closes,
 * and so it can still be read.
 */
export function ReportReviewButton({ review }: { review: ReportedReview }) {
  const { t } = useReviewsText();
  const [open, setOpen] = useState(false);
  // Once loaded it stays, so closing the dialog gives the focus back as any dialog does.
  const [needed, setNeeded] = useState(false);
  if (open && !needed) setNeeded(true);
  const reported = review.reportedByMe;
  return (
    <>
      <button
        type="button"
        aria-disabled={reported || undefined}
        onClick={() => {
          if (!reported) setOpen(true);
        }}
        className={buttonClasses('ghost', `min-h-11 px-2 text-xs ${reported ? 'cursor-not-allowed' : ''}`)}
      >
        <FlagIcon className={`h-4 w-4 ${reported ? 'fill-slate-300' : ''}`} />
        {reported ? t('reportButton.reported') : t('reportButton.report')}
        <span className="sr-only"> {reviewByAuthor(review)}</span>
      </button>
      {needed && (
        <Suspense fallback={null}>
          <ReportReviewDialog review={review} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
