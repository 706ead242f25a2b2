import type { ReactNode } from 'react';
import { useReviewsText } from '../../i18n/namespaces/reviews';
import { ClockIcon } from '../ui/icons/clock-icon';

/** What the author sees on a review the screen holds: it waits for a moderator, seen by them alone. */
export function WaitingForModeratorNote({ children }: { children?: ReactNode }) {
  const { t } = useReviewsText();
  return (
    <div role="note" className="flex gap-2 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-950">
      <ClockIcon className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">{t('waitingNote.heading')}</p>
        {children}
      </div>
    </div>
  );
}
