import type { ReactNode } from 'react';
import { useReviewsText } from '../../i18n/namespaces/reviews';
import { EyeOffIcon } from '../ui/icons/eye-off-icon';

/** What the author sees on a review a moderator hid (or deleted, said in `heading`): that it is, and why. */
export function HiddenByModeratorNote({
  reason,
  heading,
  children,
}: {
  reason: string | null;
  heading?: string;
  children?: ReactNode;
}) {
  const { t } = useReviewsText();
  return (
    <div
      role="note"
      className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <EyeOffIcon className="mt-0.5 h-4 w-4 shrink-0" />
      <div className="min-w-0">
        <p className="font-semibold">{heading ?? t('hiddenNote.heading')}</p>
        <p className="whitespace-pre-line break-words">
          <span className="font-semibold">{t('hiddenNote.reason')}</span>
          {reason ?? t('general.noReasonGiven')}
        </p>
        {children}
      </div>
    </div>
  );
}
