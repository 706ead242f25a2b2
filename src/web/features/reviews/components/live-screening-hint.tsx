import { useDeferredValue, useMemo } from 'react';
import { Trans } from 'react-i18next';
import type { ScreenedText } from '../../../../shared/screening';
import { screenText } from '../../../../shared/screening-rules';
import { describeScreeningFinding } from '../../../components/reviews/screening-words';
import { useReviewsText } from '../../../i18n/namespaces/reviews';

/**
 * What the screen finds in the review as the student types, said under the text before they
 * submit: the same rules as the server's (loaded with this module, once the student starts
 * typing). It never blocks; Submit shows the notice with "Edit my review" and "Submit anyway".
 */
export function LiveScreeningHint({ text }: { text: ScreenedText }) {
  const { t, i18n } = useReviewsText();
  // Typing stays responsive: the screen runs on the text React has time for.
  const title = useDeferredValue(text.title ?? '');
  const body = useDeferredValue(text.body);
  const described = useMemo(
    () => [...new Set(screenText({ title, body }).map(describeScreeningFinding))],
    // The language too: the findings are said in it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [title, body, i18n.language],
  );
  if (described.length === 0) return null;
  return (
    <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
      <Trans
        t={t}
        i18nKey="liveHint.text"
        values={{ found: described.join('; ') }}
        components={{ bold: <span className="font-semibold" /> }}
      />
    </p>
  );
}
