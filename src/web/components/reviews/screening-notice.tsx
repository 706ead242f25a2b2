import { useEffect, useId, useRef } from 'react';
import type { ScreenedText, ScreeningFinding, ScreeningMode } from '../../../shared/screening';
import { describeFinding, findingText } from '../../../shared/screening-wording';
import { Button } from '../ui/button';

const afterSubmitAnyway: Record<Exclude<ScreeningMode, 'off'>, string> = {
  warn: 'If you submit it anyway, it is published and a moderator will look at it.',
  hold: 'If you submit it anyway, it waits for a moderator before anyone else sees it.',
};

/** What is screened: a student's review or a tutor's response to one. */
const wording = {
  review: {
    heading: 'Please check your review before it is published',
    rules: 'Reviews should not',
    edit: 'Edit my review',
  },
  response: {
    heading: 'Please check your response before it is published',
    rules: 'Responses should not',
    edit: 'Edit my response',
  },
} as const;

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
  subject?: keyof typeof wording;
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
  const words = wording[subject];
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
        {words.heading}
      </h2>
      <p className="mt-1">We found:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {findings.map((finding) => (
          <li key={`${finding.field}-${finding.start}-${finding.category}`} className="break-words">
            {describeFinding(finding)}
            {findingText(finding, text) && (
              <>
                : <q className="font-medium">{findingText(finding, text)}</q>
              </>
            )}
          </li>
        ))}
      </ul>
      <p className="mt-2">
        {words.rules} share personal information, use slurs or profanity, or remark on anyone's appearance or body.{' '}
        {mode === undefined
          ? 'If you submit it anyway, a moderator will look at it.'
          : mode !== 'off' && afterSubmitAnyway[mode]}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button onClick={edit}>{words.edit}</Button>
        <Button variant="secondary" onClick={onSubmitAnyway} disabled={busy}>
          Submit anyway
        </Button>
      </div>
    </section>
  );
}
