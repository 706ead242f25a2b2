import { useEffect, useId, useRef } from 'react';
import type { ScreenedText, ScreeningFinding, ScreeningMode } from '../../../shared/screening';
import { findingText } from '../../../shared/screening-wording';
import { useReviewsText } from '../../i18n/namespaces/reviews';
import { Button } from '../ui/button';
import { describeScreeningFinding } from './screening-words';

/** What is screened: a student's review or a tutor's response to one (its texts in the catalog's `screeningNotice`). */
type ScreenedSubject = 'review' | 'response';

/**
 * What the screen found, before the text is sent: each finding named and quoted, with the
 * choice to edit or to submit anyway. It explains rather than blocks: a person decides.
 */
export function ScreeningNotice({
  subject = 'review',
  findings,
  text,
  mode,
  busy,
  onEdit,
  onSubmitAnyway,
}: {
  subject?: ScreenedSubject;
  findings: readonly ScreeningFinding[];
  text: ScreenedText;
  /** The screening setting, when the page knows it; it says what "Submit anyway" leads to. */
  mode?: ScreeningMode;
  busy: boolean;
  /** Closes the notice; the notice puts the cursor on what it found. */
  onEdit: () => void;
  onSubmitAnyway: () => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const { t } = useReviewsText();
  // Shown instead of sending the text: its writer reads it first.
  useEffect(() => headingRef.current?.focus(), []);

  /** Back to the words the screen found: the first finding's field, its words selected. */
  function edit() {
    const first = findings[0];
    const control = first && headingRef.current?.closest('form')?.elements.namedItem(first.field);
    onEdit();
    if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
      control.focus();
      control.setSelectionRange(first!.start, first!.end);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="font-semibold focus:outline-none">
        {t(`screeningNotice.${subject}.heading`)}
      </h2>
      <p className="mt-1">{t('screeningNotice.weFound')}</p>
      <ul className="mt-1 list-disc space-y-1 ps-5">
        {findings.map((finding) => (
          <li key={`${finding.field}-${finding.start}-${finding.category}`} className="break-words">
            {describeScreeningFinding(finding)}
            {findingText(finding, text) && (
              <>
                : <q className="font-medium">{findingText(finding, text)}</q>
              </>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-2">
        {t(`screeningNotice.${subject}.rules`)}{' '}
        {mode === undefined
          ? t('screeningNotice.afterSubmitAnyway')
          : mode === 'warn'
            ? t('screeningNotice.afterSubmitAnywayWarn')
            : mode === 'hold' && t('screeningNotice.afterSubmitAnywayHold')}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={edit}>{t(`screeningNotice.${subject}.edit`)}</Button>
        <Button variant="secondary" onClick={onSubmitAnyway} disabled={busy}>
          {t('screeningNotice.submitAnyway')}
        </Button>
      </div>
    </section>
  );
}
