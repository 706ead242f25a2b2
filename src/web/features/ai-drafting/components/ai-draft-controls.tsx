import { type RefObject, useEffect, useId, useRef } from 'react';
import type { AiStatus } from '../../../../shared/ai-drafting';
import { REVIEW_BODY_MAX_LENGTH } from '../../../../shared/reviews-constants';
import { buttonClasses } from '../../../components/ui/button';
import { formatNumber, formatTime } from '../../../i18n/format';
import { reviewsText, useReviewsText } from '../../../i18n/namespaces/reviews';
import type { ReviewDraft, ReviewDraftPhase } from '../hooks/use-review-draft';

/** Why the button cannot be used, or where the words would go when it can; null while the status loads. */
function aiAvailabilityNote(status: Pick<ReviewDraft['status'], 'data' | 'isError'>): string | null {
  const { data } = status;
  if (!data) return status.isError ? reviewsText('aiDraft.statusFailed') : null;
  if (!data.available) return data.reason ?? reviewsText('aiDraft.statusFailed');
  if (data.draftsLeft <= 0) return allDraftsUsedNote(data);
  const receiver = data.providerLabel ?? reviewsText('aiDraft.theProvider');
  return reviewsText('aiDraft.sentTo', { receiver, left: data.draftsLeft, count: data.draftsPerHour });
}

function allDraftsUsedNote({ draftsPerHour, nextDraftAt }: AiStatus): string {
  const used = reviewsText('aiDraft.allUsed', { count: draftsPerHour });
  if (!nextDraftAt) return used;
  return `${used} ${reviewsText('aiDraft.nextAt', { time: formatTime(nextDraftAt) })}`;
}

/**
 * 'Write Review with AI' with its note, 'Stop' while drafting and 'Undo AI draft' afterwards.
 * The buttons that appear and disappear take focus with them, so keyboard users are never
 * left on a button that has just gone.
 */
export function AiDraftControls({ draft }: { draft: ReviewDraft }) {
  const { t } = useReviewsText();
  const noteId = useId();
  const needsTutorId = useId();
  const startRef = useRef<HTMLButtonElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  useFocusFollowsPhase(draft.phase, { startRef, stopRef, undoRef });

  const note = aiAvailabilityNote(draft.status);
  const describedBy = [draft.needsTutor ? needsTutorId : null, note ? noteId : null].filter(Boolean).join(' ');
  const { phase } = draft;

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <button
          ref={startRef}
          type="button"
          className={buttonClasses('secondary')}
          onClick={draft.start}
          disabled={!draft.canDraft}
          aria-describedby={describedBy || undefined}
        >
          {t('aiDraft.button')}
        </button>
        {draft.drafting && (
          <button ref={stopRef} type="button" className={buttonClasses('secondary')} onClick={draft.stop}>
            {t('aiDraft.stop')}
          </button>
        )}
        {draft.canUndo && (
          <button ref={undoRef} type="button" className={buttonClasses('ghost')} onClick={draft.undo}>
            {t('aiDraft.undo')}
          </button>
        )}
        {/* Present from the start, so the first announcement is read. */}
        <p role="status" aria-live="polite" className="text-sm text-slate-700">
          {draft.announcement}
        </p>
      </div>
      <div aria-live="polite">
        {draft.needsTutor && (
          <p
            id={needsTutorId}
            className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
          >
            {t('aiDraft.needsTutor')}
          </p>
        )}
      </div>
      {phase.kind === 'drafted' && phase.truncated && (
        <p className="text-sm text-slate-700">
          {t('aiDraft.truncated', { max: formatNumber(REVIEW_BODY_MAX_LENGTH) })}
        </p>
      )}
      {note && (
        <p id={noteId} className="text-sm text-slate-600">
          {note}
        </p>
      )}
    </div>
  );
}

/**
 * Starting a draft disables the start button, so focus moves to 'Stop'; when 'Stop' goes away
 * with focus on it, focus moves to 'Undo AI draft', or back to the start button.
 */
function useFocusFollowsPhase(
  phase: ReviewDraftPhase,
  refs: {
    startRef: RefObject<HTMLButtonElement | null>;
    stopRef: RefObject<HTMLButtonElement | null>;
    undoRef: RefObject<HTMLButtonElement | null>;
  },
) {
  const { startRef, stopRef, undoRef } = refs;
  const previousKind = useRef(phase.kind);
  useEffect(() => {
    const wasKind = previousKind.current;
    previousKind.current = phase.kind;
    if (wasKind === phase.kind) return;
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (phase.kind === 'drafting') {
      if (focusLost || document.activeElement === startRef.current) stopRef.current?.focus();
    } else if (focusLost) {
      (undoRef.current ?? startRef.current)?.focus();
    }
  }, [phase.kind, startRef, stopRef, undoRef]);
}
