import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DRAFT_STREAM_CONTENT_TYPE,
  type DraftFailureCode,
  draftEventSchema,
  type ReviewDraftInput,
} from '../../../../shared/ai-drafting';
import { apiPaths } from '../../../../shared/api-paths';
import { reviewsText } from '../../../i18n/namespaces/reviews';
import { apiFetch } from '../../../lib/api-client';
import { readEventStream, type ServerSentEvent } from '../../../lib/event-stream';
import { aiDraftingKeys } from './query-keys';

/** The connection ended before the server said the draft was done. */
const DRAFT_INTERRUPTED_CODE = 'draft_interrupted';
/** The answer was not the event stream the contract describes (an old page against a new server, or a proxy's page). */
const DRAFT_UNREADABLE_CODE = 'draft_unreadable';

/** A draft that had started but could not be finished; the message is for the student. */
export class DraftFailedError extends Error {
  constructor(
    readonly code: DraftFailureCode | typeof DRAFT_INTERRUPTED_CODE | typeof DRAFT_UNREADABLE_CODE,
    message: string,
  ) {
    super(message);
    this.name = 'DraftFailedError';
  }
}

export interface StreamReviewDraftOptions {
  signal?: AbortSignal;
  /** Each piece of the draft, in order, as it is generated. */
  onText: (text: string) => void;
}

// Said by this page, not the server: in the page's language.
const interrupted = () => new DraftFailedError(DRAFT_INTERRUPTED_CODE, reviewsText('aiDraft.interrupted'));
const unreadable = () => new DraftFailedError(DRAFT_UNREADABLE_CODE, reviewsText('aiDraft.unreadable'));

/** The body's events; a body that breaks off (the connection dropped) counts as an interrupted draft. */
async function* draftStreamEvents(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal | undefined,
): AsyncGenerator<ServerSentEvent> {
  try {
    yield* readEventStream(body, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw interrupted();
  }
}

function parseDraftEvent(data: string) {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw unreadable();
  }
  const parsed = draftEventSchema.safeParse(json);
  if (!parsed.success) throw unreadable();
  return parsed.data;
}

/**
 * Asks the API for a review draft and hands its text over piece by piece. Resolves once the
 * server says it is done. Rejects with ApiRequestError when the request is refused (the
 * server's code and message) or the server cannot be reached, DraftFailedError when the draft
 * fails or breaks off after it started, and the signal's AbortError when the caller aborts.
 */
export async function streamReviewDraft(
  input: ReviewDraftInput,
  { signal, onText }: StreamReviewDraftOptions,
): Promise<{ truncated: boolean }> {
  const response = await apiFetch(apiPaths.reviewDrafts, {
    method: 'POST',
    accept: DRAFT_STREAM_CONTENT_TYPE,
    body: input,
    signal,
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (!response.body || !contentType.toLowerCase().startsWith(DRAFT_STREAM_CONTENT_TYPE)) {
    await response.body?.cancel().catch(() => undefined);
    throw unreadable();
  }
  for await (const { event, data } of draftStreamEvents(response.body, signal)) {
    // The contract only sends unnamed events; a named one is not meant for this page.
    if (event !== 'message') continue;
    const draftEvent = parseDraftEvent(data);
    if (draftEvent.type === 'text') onText(draftEvent.text);
    else if (draftEvent.type === 'done') return { truncated: draftEvent.truncated };
    else throw new DraftFailedError(draftEvent.code, draftEvent.message);
  }
  throw interrupted();
}

export interface ReviewDraftVariables {
  input: ReviewDraftInput;
  signal: AbortSignal;
  onText: (text: string) => void;
}

/**
 * The draft request as a mutation. Every attempt, finished or not, may have used one of the
 * hour's drafts, so the status (drafts left) is refreshed after each; the mutation does not
 * wait for that refresh.
 */
export function useStreamReviewDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, signal, onText }: ReviewDraftVariables) => streamReviewDraft(input, { signal, onText }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: aiDraftingKeys.status() });
    },
  });
}
