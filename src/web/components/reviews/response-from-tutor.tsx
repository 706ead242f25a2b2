import type { ReactNode } from 'react';
import type { ResponseFromTutor } from '../../../shared/tutor-side';
import { useReviewsText } from '../../i18n/namespaces/reviews';
import { HiddenByModeratorNote } from './hidden-by-moderator-note';
import { ReviewDate } from './review-parts';
import { WaitingForModeratorNote } from './waiting-for-moderator-note';

/**
 * "Response from the tutor" under its review, wherever the review is shown. A hidden one (or
 * one the screen holds) reaches only the tutor's account and the administrators: it says so,
 * with the moderator's reason or that it waits for a moderator.
 */
export function ResponseFromTutorView({ response, actions }: { response: ResponseFromTutor; actions?: ReactNode }) {
  const { t } = useReviewsText();
  return (
    <section
      aria-label={t('response.heading')}
      className="mt-3 rounded-lg border-s-4 border-indigo-300 bg-slate-50 px-3 py-2 sm:px-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm font-semibold text-slate-900">{t('response.heading')}</p>
        <ReviewDate value={response.createdAt} className="text-sm text-slate-600" />
      </div>
      {response.waitingForModerator ? (
        <div className="mt-2">
          <WaitingForModeratorNote>
            <p className="mt-1">{t('response.waiting')}</p>
          </WaitingForModeratorNote>
        </div>
      ) : (
        response.isHidden && (
          <div className="mt-2">
            <HiddenByModeratorNote reason={response.hiddenReason} />
          </div>
        )
      )}
      <p className="mt-1 whitespace-pre-line break-words text-slate-800">{response.body}</p>
      {actions && <div className="mt-2 flex flex-wrap items-center gap-2">{actions}</div>}
    </section>
  );
}
