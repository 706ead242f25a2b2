import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { REVIEW_BODY_MAX_LENGTH } from '../../../../shared/reviews-constants';
import { reviewsText } from '../../../i18n/namespaces/reviews';
import { errorMessage } from '../../../lib/api-client';
import { useAiStatus } from '../api/get-ai-status';
import { useStreamReviewDraft } from '../api/stream-review-draft';

/** What of the review form a draft reads and writes. */
export interface DraftableReview {
  tutor: { id: string } | null;
  title: string;
  /** 0 while no stars are chosen. */
  rating: number;
  body: string;
  aiAssisted: boolean;
}

export interface ReviewDraftOptions {
  values: DraftableReview;
  setField: {
    (field: 'body', value: string): void;
    (field: 'aiAssisted', value: boolean): void;
  };
  /** Moves focus to the tutor, when the student asks for a draft before choosing one. */
  focusTutor: () => void;
}

/**
 * idle: nothing to undo. drafting: the request is running. drafted: a draft finished or was
 * stopped with some text, and can be undone.
 */
export type ReviewDraftPhase =
  { kind: 'idle' } | { kind: 'drafting' } | { kind: 'drafted'; stopped: boolean; truncated: boolean };

/** The review text as it was before a draft replaced it. */
interface ReviewBeforeDraft {
  body: string;
  aiAssisted: boolean;
}

/** One draft request; runs that are no longer current (the page was left) change nothing. */
interface DraftRun {
  controller: AbortController;
  stoppedByStudent: boolean;
}

/** One toast for drafting, so a second failure replaces the first rather than stacking. */
const DRAFT_TOAST_ID = 'ai-review-draft';

/**
 * 'Write Review with AI' for the review form: the draft replaces the review text as it streams
 * in (the student's own text goes along as notes), and a failure puts back exactly what was
 * there. The student can stop a draft and keep what was written, or undo a finished one.
 */
export function useReviewDraft({ values, setField, focusTutor }: ReviewDraftOptions) {
  const status = useAiStatus();
  const streamDraft = useStreamReviewDraft();
  const [phase, setPhase] = useState<ReviewDraftPhase>({ kind: 'idle' });
  const [beforeDraft, setBeforeDraft] = useState<ReviewBeforeDraft | null>(null);
  const [tutorRequested, setTutorRequested] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const runRef = useRef<DraftRun | null>(null);

  // Leaving the page abandons the draft; the run is forgotten first so nothing updates afterwards.
  useEffect(
    () => () => {
      const run = runRef.current;
      runRef.current = null;
      run?.controller.abort();
    },
    [],
  );

  const drafting = phase.kind === 'drafting';
  const draftsLeft = status.data?.draftsLeft ?? 0;
  const canDraft = status.data?.available === true && draftsLeft > 0 && !drafting;

  function restore(previous: ReviewBeforeDraft) {
    setField('body', previous.body);
    setField('aiAssisted', previous.aiAssisted);
  }

  async function start() {
    if (!canDraft || runRef.current) return;
    if (!values.tutor) {
      setTutorRequested(true);
      focusTutor();
      return;
    }
    setTutorRequested(false);
    const previous: ReviewBeforeDraft = { body: values.body, aiAssisted: values.aiAssisted };
    const input = { tutorId: values.tutor.id, title: values.title, rating: values.rating, notes: values.body };
    const run: DraftRun = { controller: new AbortController(), stoppedByStudent: false };
    runRef.current = run;
    setPhase({ kind: 'drafting' });
    setBeforeDraft(null);
    setAnnouncement(reviewsText('aiDraft.writing'));
    setField('body', reviewsText('aiDraft.thinking'));

    let draft = '';
    const onText = (text: string) => {
      if (runRef.current !== run || text === '') return;
      draft += text;
      // The server cuts a long draft itself; the textarea's maxLength does not apply to text set by script.
      setField('body', draft.slice(0, REVIEW_BODY_MAX_LENGTH));
    };

    try {
      const { truncated } = await streamDraft.mutateAsync({ input, signal: run.controller.signal, onText });
      if (runRef.current !== run) return;
      if (draft === '') {
        restore(previous);
        setPhase({ kind: 'idle' });
        setAnnouncement('');
        toast.error(reviewsText('aiDraft.empty'), { id: DRAFT_TOAST_ID });
        return;
      }
      setField('aiAssisted', true);
      setBeforeDraft(previous);
      setPhase({ kind: 'drafted', stopped: false, truncated });
      setAnnouncement(reviewsText('aiDraft.ready'));
    } catch (error) {
      if (runRef.current !== run) return;
      if (run.stoppedByStudent && draft !== '') {
        setField('aiAssisted', true);
        setBeforeDraft(previous);
        setPhase({ kind: 'drafted', stopped: true, truncated: false });
        setAnnouncement(reviewsText('aiDraft.stopped'));
        return;
      }
      restore(previous);
      setPhase({ kind: 'idle' });
      if (run.stoppedByStudent) {
        setAnnouncement(reviewsText('aiDraft.stoppedEmpty'));
        return;
      }
      // The toast says what went wrong; the status line would only repeat the old news.
      setAnnouncement('');
      toast.error(errorMessage(error, reviewsText('aiDraft.failed')), { id: DRAFT_TOAST_ID });
    } finally {
      if (runRef.current === run) runRef.current = null;
    }
  }

  function stop() {
    const run = runRef.current;
    if (!run) return;
    run.stoppedByStudent = true;
    run.controller.abort();
  }

  function undo() {
    if (!beforeDraft || drafting) return;
    restore(beforeDraft);
    setBeforeDraft(null);
    setPhase({ kind: 'idle' });
    setAnnouncement(reviewsText('aiDraft.undone'));
  }

  return {
    status,
    phase,
    drafting,
    /** The button can be pressed (without a tutor it asks for one instead of drafting). */
    canDraft,
    /** The student asked for a draft with no tutor chosen, and still has none. */
    needsTutor: tutorRequested && !values.tutor,
    canUndo: beforeDraft !== null && !drafting,
    /** What the polite live region says: once when drafting starts and once when it ends, never per piece. */
    announcement,
    start: () => void start(),
    stop,
    undo,
  };
}

export type ReviewDraft = ReturnType<typeof useReviewDraft>;
