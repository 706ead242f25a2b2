import { PassThrough } from 'node:stream';
import {
  AI_NOT_AVAILABLE_MESSAGE,
  aiStatusSchema,
  DRAFT_STREAM_CONTENT_TYPE,
  type DraftEvent,
  draftEventSchema,
  reviewDraftRequestSchema,
} from '../../../shared/ai-drafting';
import { AppError } from '../../lib/errors';
import { requireVerifiedUser, viewerOf } from '../../plugins/auth';
import { finishDraft } from '../../services/ai-drafting/allowance';
import { DraftSlots } from '../../services/ai-drafting/draft-slots';
import { type StartedDraft, startReviewDraft, streamDraft } from '../../services/ai-drafting/drafting';
import { aiStatusFor } from '../../services/ai-drafting/status';
import { getSettings } from '../../services/settings';
import type { App } from '../../types';
import { errorResponses } from './responses';

/** Proxies and load balancers close connections that stay silent for long; a comment line keeps this one alive. */
const KEEP_ALIVE_INTERVAL_MS = 15_000;

/** AI drafting of reviews, for users with a verified email. The provider's key stays on the server. */
export async function aiDraftingRoutes(app: App): Promise<void> {
  app.addHook('onRequest', requireVerifiedUser);
  const slots = new DraftSlots(app.config.ai.maxConcurrentDrafts);

  app.get(
    '/status',
    {
      schema: {
        tags: ['ai'],
        summary:
          'Whether AI drafting is available to the caller, which provider receives the text, and how many drafts are left this hour',
        response: { 200: aiStatusSchema, ...errorResponses },
      },
    },
    async (request) => {
      // The administrator's setting; AI_DRAFTS_PER_HOUR until one is stored.
      const { aiDraftsPerHour } = await getSettings(app.db, app.settingDefaults);
      return aiStatusFor(app.db, app.aiProvider, viewerOf(request).id, {
        draftsPerHour: aiDraftsPerHour,
        now: app.clock(),
      });
    },
  );

  app.post(
    '/review-drafts',
    {
      schema: {
        tags: ['ai'],
        summary:
          'Drafts a review of a public tutor, streamed as server-sent events: `text` pieces, then `done` or `error`',
        body: reviewDraftRequestSchema,
        response: {
          200: {
            description: 'One JSON event per `data:` line; comment lines keep the connection alive.',
            content: { [DRAFT_STREAM_CONTENT_TYPE]: { schema: draftEventSchema } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const provider = app.aiProvider;
      if (!provider) throw new AppError('ai_unavailable', AI_NOT_AVAILABLE_MESSAGE);
      // Taken before the draft is counted, so a refusal here costs the student nothing.
      const giveBackSlot = slots.take();
      let draft: StartedDraft;
      try {
        const { siteName, aiDraftsPerHour } = await getSettings(app.db, app.settingDefaults);
        draft = await startReviewDraft(app.db, provider, viewerOf(request), request.body, {
          draftsPerHour: aiDraftsPerHour,
          siteName,
          now: app.clock(),
        });
      } catch (error) {
        giveBackSlot();
        throw error;
      }
      const { timeoutMs } = app.config.ai;

      // The student closing the page (or the connection dropping) cancels the model's work.
      const studentLeft = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) studentLeft.abort();
      });
      const log = request.log.child({ draftId: draft.id, provider: provider.kind, model: provider.model });
      const events = streamDraft(provider, draft.prompt, {
        signal: studentLeft.signal,
        timeoutMs,
        // Codes, statuses and reason tokens only: never the key, never what the student wrote.
        onFailure: (failure) =>
          log.warn(
            { code: failure.code, status: failure.detail.status, reason: failure.detail.reason },
            'AI draft failed',
          ),
      });

      const body = new PassThrough();
      // Writes after the student left are dropped rather than raised.
      body.on('error', () => {});
      const started = performance.now();
      // The outcome is stored before the stream ends, so the status the page asks for next already counts it.
      void relayDraft(events, body, async (last, textReceived) => {
        giveBackSlot();
        const outcome = last?.type === 'done' ? 'completed' : last?.type === 'error' ? 'failed' : 'stopped';
        log.info({ outcome, durationMs: Math.round(performance.now() - started) }, 'AI draft ended');
        await finishDraft(
          app.db,
          draft.id,
          { outcome, failure: last?.type === 'error' ? last.code : undefined, textReceived },
          app.clock(),
        ).catch((err: unknown) => log.error({ err }, 'could not record how the AI draft ended'));
      });

      return (
        reply
          .header('content-type', `${DRAFT_STREAM_CONTENT_TYPE}; charset=utf-8`)
          .header('cache-control', 'no-store, no-transform')
          // nginx would otherwise hold the events back until its buffer fills.
          .header('x-accel-buffering', 'no')
          // A stream of the documented events; the type provider only knows whole JSON bodies.
          .send(body as never)
      );
    },
  );
}

/**
 * Writes each event as a server-sent event, then hands the last one (none if the student left
 * first), and whether any text came from the provider, to `onEnd` before ending.
 */
async function relayDraft(
  events: AsyncGenerator<DraftEvent>,
  body: PassThrough,
  onEnd: (last: DraftEvent | undefined, textReceived: boolean) => Promise<void>,
): Promise<void> {
  const write = (chunk: string) => {
    if (!body.destroyed && !body.writableEnded) body.write(chunk);
  };
  const keepAlive = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_INTERVAL_MS);
  let last: DraftEvent | undefined;
  let textReceived = false;
  try {
    for await (const event of events) {
      last = event;
      if (event.type === 'text') textReceived = true;
      write(`data: ${JSON.stringify(event)}\n\n`);
    }
  } catch {
    // streamDraft turns failures into events; only the student leaving ends it early.
  } finally {
    clearInterval(keepAlive);
    await onEnd(last, textReceived);
    if (!body.destroyed) body.end();
  }
}
