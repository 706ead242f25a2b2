import { useDeferredValue, useMemo } from 'react';
import type { ScreenedText } from '../../../../shared/screening';
import { screenText } from '../../../../shared/screening-rules';
import { describeFinding } from '../../../../shared/screening-wording';

/**
 * What the screen finds in the review as the student types, said under the text before they
 * submit: the same rules as the server's (loaded with this module, once the student starts
 * typing). It never blocks; Submit shows the notice with "Edit my review" and "Submit anyway".
 */
export function LiveScreeningHint({ text }: { text: ScreenedText }) {
  // Typing stays responsive: the screen runs on the text React has time for.
  const title = useDeferredValue(text.title ?? '');
  const body = useDeferredValue(text.body);
  const described = useMemo(() => [...new Set(screenText({ title, body }).map(describeFinding))], [title, body]);
  if (described.length === 0) return null;
  return (
    <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <span className="font-semibold">Before you submit:</span> this review seems to contain {described.join('; ')}.
      Reviews are about the teaching; leave out personal details and remarks on how someone looks.
    </p>
  );
}
