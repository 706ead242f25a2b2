import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_INTERRUPTED_MESSAGE, type DraftEvent, type ReviewDraftInput } from '../../src/shared/ai-drafting';
import { apiPaths } from '../../src/shared/api-paths';
import { DraftFailedError, streamReviewDraft } from '../../src/web/features/ai-drafting/api/stream-review-draft';
import { ApiRequestError } from '../../src/web/lib/api-client';
import { readEventStream, type ServerSentEvent } from '../../src/web/lib/event-stream';

const encoder = new TextEncoder();

type Chunk = string | number[];

const bytes = (chunk: Chunk) => (typeof chunk === 'string' ? encoder.encode(chunk) : new Uint8Array(chunk));

/** A body that delivers these chunks, one read each, then ends. */
function streamOf(...chunks: Chunk[]): ReadableStream<Uint8Array> {
  const queue = chunks.map(bytes);
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

/** A body that delivers these chunks and then stays open, like a draft still being written. */
function openStreamOf(...chunks: Chunk[]) {
  const cancel = vi.fn();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(bytes(chunk));
    },
    cancel,
  });
  return { stream, cancel };
}

async function eventsOf(body: ReadableStream<Uint8Array>, signal?: AbortSignal): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readEventStream(body, signal)) events.push(event);
  return events;
}

const message = (data: string): ServerSentEvent => ({ event: 'message', data });

describe('readEventStream', () => {
  it('dispatches an event at each blank line, whatever the line ending', async () => {
    expect(await eventsOf(streamOf('data: lf\n\ndata: crlf\r\n\r\ndata: cr\r\rdata: mixed\r\n\n'))).toEqual([
      message('lf'),
      message('crlf'),
      message('cr'),
      message('mixed'),
    ]);
  });

  it('keeps a CRLF split between two chunks as one line break', async () => {
    // Read as CR, LF, the LF would be a blank line dispatching 'first' on its own.
    expect(await eventsOf(streamOf('data: first\r', '\ndata: second\r', '\n\r', '\n'))).toEqual([
      message('first\nsecond'),
    ]);
  });

  it('treats a CR at the end of a chunk as a line break when no LF follows', async () => {
    expect(await eventsOf(streamOf('data: one\r', '\r', 'data: two\r', 'data: three\r\r'))).toEqual([
      message('one'),
      message('two\nthree'),
    ]);
  });

  it('joins lines, fields and events split anywhere across chunks', async () => {
    const text = 'event: note\ndata: {"type":"text","text":"Hello"}\n\ndata: tail\n\n';
    const oneByteAtATime = [...encoder.encode(text)].map((byte) => [byte]);
    expect(await eventsOf(streamOf(...oneByteAtATime))).toEqual([
      { event: 'note', data: '{"type":"text","text":"Hello"}' },
      message('tail'),
    ]);
  });

  it('joins the data lines of one event with LF', async () => {
    expect(await eventsOf(streamOf('data: one\ndata: two\ndata:\ndata: four\n\n'))).toEqual([
      message('one\ntwo\n\nfour'),
    ]);
  });

  it('removes only one space after the colon', async () => {
    expect(await eventsOf(streamOf('data:tight\n\ndata:  two spaces\n\ndata: \n\n'))).toEqual([
      message('tight'),
      message(' two spaces'),
      message(''),
    ]);
  });

  it('reads a line without a colon as a field with an empty value', async () => {
    expect(await eventsOf(streamOf('data\ndata\n\n'))).toEqual([message('\n')]);
  });

  it('ignores comment lines, including keep-alives between and inside events', async () => {
    expect(await eventsOf(streamOf(': keep-alive\n\ndata: a\n: keep-alive\ndata: b\n\n:\n\n'))).toEqual([
      message('a\nb'),
    ]);
  });

  it('ignores id, retry and unknown fields, and blank lines without data', async () => {
    expect(await eventsOf(streamOf('id: 7\nretry: 1000\nfoo: bar\n\n\n\ndata: x\nid: 8\n\n'))).toEqual([message('x')]);
  });

  it('names an event by its event field until the event is dispatched', async () => {
    expect(await eventsOf(streamOf('event: first\ndata: a\n\ndata: b\n\nevent: dropped\n\ndata: c\n\n'))).toEqual([
      { event: 'first', data: 'a' },
      message('b'),
      // An event field with no data dispatches nothing, and its name does not carry over.
      message('c'),
    ]);
  });

  it('discards an event the stream ends in the middle of', async () => {
    expect(await eventsOf(streamOf('data: complete\n\ndata: half\n'))).toEqual([message('complete')]);
    expect(await eventsOf(streamOf('data: complete\n\ndata: no line end'))).toEqual([message('complete')]);
    expect(await eventsOf(streamOf('data: one\r'))).toEqual([]);
  });

  it('decodes UTF-8 characters split between chunks', async () => {
    const text = 'data: Très bien 😀 — 日本\n\n';
    const encoded = [...encoder.encode(text)];
    // Every split point, so each multi-byte character is cut at every one of its bytes somewhere.
    for (let cut = 1; cut < encoded.length; cut += 1) {
      expect(await eventsOf(streamOf(encoded.slice(0, cut), encoded.slice(cut)))).toEqual([
        message('Très bien 😀 — 日本'),
      ]);
    }
    const emoji = [...encoder.encode('😀')].map((byte) => [byte]);
    expect(await eventsOf(streamOf('data: ', ...emoji, '\n\n'))).toEqual([message('😀')]);
  });

  it('drops a leading byte order mark', async () => {
    expect(await eventsOf(streamOf([0xef, 0xbb, 0xbf], 'data: after BOM\n\n'))).toEqual([message('after BOM')]);
  });

  it('cancels the body when the reader stops early', async () => {
    const { stream, cancel } = openStreamOf('data: one\n\ndata: two\n\n');
    for await (const event of readEventStream(stream)) {
      expect(event).toEqual(message('one'));
      break;
    }
    expect(cancel).toHaveBeenCalled();
  });

  it('rejects with the AbortError and cancels the body when the signal aborts while waiting', async () => {
    const { stream, cancel } = openStreamOf('data: one\n\n');
    const controller = new AbortController();
    const seen: ServerSentEvent[] = [];
    const reading = (async () => {
      for await (const event of readEventStream(stream, controller.signal)) {
        seen.push(event);
        // The next read waits for data that never comes, until the abort.
        setTimeout(() => controller.abort(), 0);
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([message('one')]);
    expect(cancel).toHaveBeenCalled();
  });

  it('stops between the events of one chunk once aborted', async () => {
    const controller = new AbortController();
    const seen: ServerSentEvent[] = [];
    const reading = (async () => {
      for await (const event of readEventStream(streamOf('data: one\n\ndata: two\n\n'), controller.signal)) {
        seen.push(event);
        controller.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([message('one')]);
  });

  it('rejects at once when the signal was aborted before reading', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(eventsOf(streamOf('data: one\n\n'), controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('passes on an error of the body itself', async () => {
    const failure = new TypeError('network error');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('data: one\n\n'));
        controller.error(failure);
      },
    });
    await expect(eventsOf(stream)).rejects.toBe(failure);
  });
});

describe('streamReviewDraft', () => {
  const input: ReviewDraftInput = {
    tutorId: '00000000-0000-4000-8000-000000000001',
    title: 'Great',
    rating: 5,
    notes: 'Clear explanations',
  };
  const sse = (...events: (DraftEvent | string)[]) =>
    events.map((event) => (typeof event === 'string' ? event : `data: ${JSON.stringify(event)}\n\n`));
  const eventStreamResponse = (body: ReadableStream<Uint8Array>) =>
    new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });

  function stubFetch(answer: (init: RequestInit | undefined) => Response | Promise<Response>) {
    const fetchMock = vi.fn((_url: string | URL | Request, init?: RequestInit) => Promise.resolve(answer(init)));
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts the input as JSON and hands over each piece of text until done', async () => {
    const fetchMock = stubFetch(() =>
      eventStreamResponse(
        streamOf(
          ...sse(
            { type: 'text', text: 'Hello' },
            ': keep-alive\n\n',
            { type: 'text', text: ' world' },
            { type: 'done', truncated: true },
          ),
        ),
      ),
    );
    const pieces: string[] = [];
    await expect(streamReviewDraft(input, { onText: (text) => pieces.push(text) })).resolves.toEqual({
      truncated: true,
    });
    expect(pieces).toEqual(['Hello', ' world']);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(apiPaths.reviewDrafts);
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
    });
    expect(JSON.parse(String(init?.body))).toEqual(input);
  });

  it('throws DraftFailedError with the server’s code and message on an error event', async () => {
    stubFetch(() =>
      eventStreamResponse(
        streamOf(
          ...sse(
            { type: 'text', text: 'Partial' },
            { type: 'error', code: 'ai_timeout', message: 'The AI provider took too long to answer.' },
          ),
        ),
      ),
    );
    const pieces: string[] = [];
    const failure = streamReviewDraft(input, { onText: (text) => pieces.push(text) });
    await expect(failure).rejects.toBeInstanceOf(DraftFailedError);
    await expect(failure).rejects.toMatchObject({
      code: 'ai_timeout',
      message: 'The AI provider took too long to answer.',
    });
    expect(pieces).toEqual(['Partial']);
  });

  it('reports a stream that ends without done or error as interrupted', async () => {
    stubFetch(() =>
      eventStreamResponse(streamOf(...sse({ type: 'text', text: 'Cut' }), 'data: {"type":"done","trunc')),
    );
    await expect(streamReviewDraft(input, { onText: () => undefined })).rejects.toMatchObject({
      name: 'DraftFailedError',
      message: DRAFT_INTERRUPTED_MESSAGE,
    });
  });

  it('reports a connection that breaks mid-stream as interrupted', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(sse({ type: 'text', text: 'Cut' }).join('')));
        controller.error(new TypeError('terminated'));
      },
    });
    stubFetch(() => eventStreamResponse(body));
    await expect(streamReviewDraft(input, { onText: () => undefined })).rejects.toMatchObject({
      name: 'DraftFailedError',
      message: DRAFT_INTERRUPTED_MESSAGE,
    });
  });

  it('throws ApiRequestError with the server’s code and message when the request is refused', async () => {
    stubFetch(() =>
      Response.json(
        { error: { code: 'rate_limited', message: 'You have asked for too many drafts. Try again in 12 minutes.' } },
        { status: 429, headers: { 'retry-after': '720' } },
      ),
    );
    const refusal = streamReviewDraft(input, { onText: () => undefined });
    await expect(refusal).rejects.toBeInstanceOf(ApiRequestError);
    await expect(refusal).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'You have asked for too many drafts. Try again in 12 minutes.',
    });
  });

  it('throws the usual network error when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('fetch failed'))),
    );
    await expect(streamReviewDraft(input, { onText: () => undefined })).rejects.toMatchObject({
      name: 'ApiRequestError',
      status: 0,
      code: 'network_error',
      message: 'Cannot reach the server. Check your connection and try again.',
    });
  });

  it('rejects with the AbortError when the caller aborts mid-draft', async () => {
    const { stream, cancel } = openStreamOf(...sse({ type: 'text', text: 'So far' }));
    stubFetch(() => eventStreamResponse(stream));
    const controller = new AbortController();
    const pieces: string[] = [];
    const drafting = streamReviewDraft(input, {
      signal: controller.signal,
      onText: (text) => {
        pieces.push(text);
        setTimeout(() => controller.abort(), 0);
      },
    });
    await expect(drafting).rejects.toMatchObject({ name: 'AbortError' });
    expect(pieces).toEqual(['So far']);
    expect(cancel).toHaveBeenCalled();
  });

  it('rejects with the AbortError when aborted before the answer arrives', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        init?.signal?.throwIfAborted();
        return Promise.reject(new Error('fetch should have seen the abort'));
      }),
    );
    const controller = new AbortController();
    controller.abort();
    await expect(
      streamReviewDraft(input, { signal: controller.signal, onText: () => undefined }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses an answer that is not an event stream', async () => {
    stubFetch(() => new Response('<!doctype html>', { status: 200, headers: { 'content-type': 'text/html' } }));
    await expect(streamReviewDraft(input, { onText: () => undefined })).rejects.toMatchObject({
      name: 'DraftFailedError',
      code: 'draft_unreadable',
    });
  });

  it('refuses an event it cannot read', async () => {
    stubFetch(() => eventStreamResponse(streamOf('data: {"type":"poem"}\n\n')));
    await expect(streamReviewDraft(input, { onText: () => undefined })).rejects.toMatchObject({
      name: 'DraftFailedError',
      code: 'draft_unreadable',
    });
  });
});
