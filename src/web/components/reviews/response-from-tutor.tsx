import type { ReactNode } from 'react';
import type { ResponseFromTutor } from '../../../shared/tutor-side';
import { HiddenByModeratorNote } from './hidden-by-moderator-note';
import { ReviewDate } from './review-parts';
import { WaitingForModeratorNote } from './waiting-for-moderator-note';

/**
 * "Response from the tutor" under its review, wherever the review is shown. A hidden one (or
 * one the screen holds) reaches only the tutor's account and the administrators: it says so,
 * with the moderator's reason or that it waits for a moderator.
 */
export function ResponseFromTutorView({ response, actions }: { response: ResponseFromTutor; actions?: ReactNode }) {
  return (
    <section
      aria-label="Response from the tutor"
      className="mt-3 rounded-lg border-l-4 border-indigo-300 bg-slate-50 px-3 py-2 sm:px-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm font-semibold text-slate-900">Response from the tutor</p>
        <ReviewDate value={response.createdAt} className="text-sm text-slate-600" />
      </div>
      {response.waitingForModerator ? (
        <div className="mt-2">
          <WaitingForModeratorNote>
            <p className="mt-1">Students do not see this response until a moderator publishes it.</p>
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
