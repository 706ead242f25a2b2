import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import type { ReviewAppeal } from '../../../../shared/appeals';
import { Button } from '../../../components/ui/button';
import { ReviewDate } from '../../../components/reviews/review-parts';
import { useReviewsText } from '../../../i18n/namespaces/reviews';

/** The form (and with it the schema library) loads when the author opens it: My Reviews does not pay for it up front. */
const AppealForm = lazy(() => import('./appeal-form').then((module) => ({ default: module.AppealForm })));

/** The author's appeal as it stands: waiting, or decided with the moderator's reason. */
export function AppealState({ appeal }: { appeal: ReviewAppeal }) {
  const { t } = useReviewsText();
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800">
      <p className="font-semibold text-slate-900">{t(`appeal.${appeal.status}`)}</p>
      <p className="mt-1 whitespace-pre-line break-words">
        <Trans
          t={t}
          i18nKey="appeal.youWrote"
          components={{ bold: <span className="font-semibold" />, date: <ReviewDate value={appeal.createdAt} /> }}
        />
        {appeal.text}
      </p>
      {appeal.decisionReason && (
        <p className="mt-1 whitespace-pre-line break-words">
          <span className="font-semibold">{t('appeal.moderatorReason')}</span>
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
  const { t } = useReviewsText();
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
          aria-label={t('appeal.buttonLabel', { name: tutorName })}
          onClick={() => setOpen(true)}
        >
          {t('appeal.button')}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <AppealForm
            reviewId={reviewId}
            tutorName={tutorName}
            onCancel={() => {
              setOpen(false);
              // The button comes back once the form is gone.
              setTimeout(() => sectionRef.current?.querySelector('button')?.focus());
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
