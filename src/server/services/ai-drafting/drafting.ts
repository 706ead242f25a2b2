import { eq } from 'drizzle-orm';
import type { DraftEvent, ReviewDraftRequest } from '../../../shared/ai-drafting';
import { REVIEW_BODY_MAX_LENGTH } from '../../../shared/reviews';
import { AiProviderFailure, type TextProvider } from './providers';
import type { Database } from '../../db/client';
import { tutors } from '../../db/schema';
import { canSee, tutorNotFound } from '../tutors/access';
import type { Viewer } from '../auth/viewer';
import { assertReviewable } from '../reviews/authoring';
import { reserveDraft } from './allowance';
import { draftFailureMessage } from './failure-messages';
import { buildDraftPrompt, type DraftPrompt } from './prompt';
import { aiDrafts, type AiDraftEvent } from '../../observability/events';

export interface StartedDraft {
  id: string;
  prompt: DraftPrompt;
}

/**
 * Everything that can refuse a draft, before anything is streamed: the tutor must be one the
 * student may review, and the student must be under the hourly limit (the draft is counted here).
 */
export async function startReviewDraft(
  db: Database,
  provider: Pick<TextProvider, 'kind' | 'model'>,
  viewer: Viewer,
  request: ReviewDraftRequest,
  options: { draftsPerHour: number; siteName: string; now: Date },
): Promise<StartedDraft> {
  const [tutor] = await db
    .select({
      name: tutors.name,
      department: tutors.department,
      courses: tutors.courses,
      isPublic: tutors.isPublic,
      submittedBy: tutors.submittedBy,
    })
    .from(tutors)
    .where(eq(tutors.id, request.tutorId))
    .limit(1);
  if (!tutor || !canSee(viewer, tutor)) throw tutorNotFound();
  assertReviewable(tutor);
  const id = await reserveDraft(
    db,
    { userId: viewer.id, provider: provider.kind, model: provider.model },
    options.draftsPerHour,
    options.now,
  );
  return { id, prompt: buildDraftPrompt(tutor, request, options.siteName) };
}

/** Why the upstream request was cancelled: our own time limit, as opposed to the student leaving. */
const TIMED_OUT = Symbol('draft timed out');

/** The longest text that fits a review, cut at the last word boundary when there is one nearby. */
function fitToReview(text: string): string {
  if (text.length <= REVIEW_BODY_MAX_LENGTH) return text;
  const cut = text.slice(0, REVIEW_BODY_MAX_LENGTH);
  const lastSpace = cut.search(/\s\S*$/);
  return lastSpace > REVIEW_BODY_MAX_LENGTH * 0.9 ? cut.slice(0, lastSpace) : cut;
}

/**
 * The draft as events: text pieces as the model writes them, then `done` or `error`. Provider
 * failures, an empty answer and the time limit become an `error` event (and reach `onFailure`
 * for the log); when `signal` aborts (the student left) the generator simply ends.
 * The upstream request is cancelled on every way out.
 */
export async function* streamDraft(
  provider: TextProvider,
  prompt: DraftPrompt,
  options: { signal: AbortSignal; timeoutMs: number; onFailure?: (failure: AiProviderFailure) => void },
): AsyncGenerator<DraftEvent> {
  const upstream = new AbortController();
  const abortUpstream = () => upstream.abort(options.signal.reason);
  options.signal.addEventListener('abort', abortUpstream, { once: true });
  const timer = setTimeout(() => upstream.abort(TIMED_OUT), options.timeoutMs);
  // Reported as abandoned unless it reaches an end of its own below.
  const report: AiDraftEvent | null = aiDrafts.hasSubscribers
    ? { provider: provider.kind, model: provider.model, outcome: 'abandoned' }
    : null;
  if (report) aiDrafts.start.publish(report);
  let written = '';
  try {
    for await (const piece of provider.streamText({ ...prompt, signal: upstream.signal })) {
      const fitted = fitToReview(written + piece);
      if (fitted.length > written.length) yield { type: 'text', text: fitted.slice(written.length) };
      if (fitted.length < written.length + piece.length) {
        if (report) report.outcome = 'finished';
        yield { type: 'done', truncated: true };
        return;
      }
      written = fitted;
    }
    // Some SDKs end the iteration quietly when aborted; that is a timeout or the student leaving, not an answer.
    if (upstream.signal.aborted) throw upstream.signal.reason;
    if (written.trim() === '') throw new AiProviderFailure('ai_empty');
    if (report) report.outcome = 'finished';
    yield { type: 'done', truncated: false };
  } catch (error) {
    if (options.signal.aborted) return;
    const failure =
      upstream.signal.reason === TIMED_OUT
        ? new AiProviderFailure('ai_timeout')
        : error instanceof AiProviderFailure
          ? error
          : new AiProviderFailure('ai_provider_error');
    options.onFailure?.(failure);
    if (report) {
      Object.assign(report, { outcome: 'failed', failureCode: failure.code, error: failure });
      aiDrafts.error.publish(report);
    }
    yield {
      type: 'error',
      code: failure.code,
      message: draftFailureMessage(failure.code, { reason: failure.detail.reason, timeoutMs: options.timeoutMs }),
    };
  } finally {
    clearTimeout(timer);
    if (report) aiDrafts.asyncEnd.publish(report);
    options.signal.removeEventListener('abort', abortUpstream);
    // Stops the model after a cut-off, and frees the connection in every other case.
    upstream.abort();
  }
}
