/** One dispatched server-sent event: its type ('message' unless the stream named one) and data. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * The event stream interpretation of the WHATWG HTML standard (9.2.6), fed text as it arrives.
 * Only `event` and `data` matter to this app; `id` and `retry` steer EventSource's reconnection,
 * which a POST answer read with fetch does not have.
 */
class EventStreamParser {
  /** The start of a line whose end has not arrived yet. */
  private partialLine = '';
  /** The text ended in CR: a LF at the start of the next text completes that line break. */
  private pendingLineFeed = false;
  private eventType = '';
  private data = '';

  push(text: string): ServerSentEvent[] {
    if (text === '') return [];
    const events: ServerSentEvent[] = [];
    const lineBreak = /\r\n|\r|\n/g;
    let start = 0;
    if (this.pendingLineFeed && text.startsWith('\n')) start = 1;
    this.pendingLineFeed = false;
    lineBreak.lastIndex = start;
    for (let match = lineBreak.exec(text); match; match = lineBreak.exec(text)) {
      // A CR at the very end may be the first half of a CRLF split between two chunks.
      if (match[0] === '\r' && match.index === text.length - 1) this.pendingLineFeed = true;
      const event = this.processLine(this.partialLine + text.slice(start, match.index));
      this.partialLine = '';
      if (event) events.push(event);
      start = lineBreak.lastIndex;
    }
    this.partialLine += text.slice(start);
    return events;
  }

  private processLine(line: string): ServerSentEvent | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventType = value;
    else if (field === 'data') this.data += `${value}\n`;
    return null;
  }

  private dispatch(): ServerSentEvent | null {
    const { eventType, data } = this;
    this.eventType = '';
    this.data = '';
    // No data line since the last event: nothing to dispatch, even if an `event:` line came.
    if (data === '') return null;
    return { event: eventType || 'message', data: data.slice(0, -1) };
  }
}

/**
 * The events of a `text/event-stream` body, in order, as they arrive. An event still
 * unterminated when the body ends is discarded, as the standard says. Aborting the signal
 * cancels the body and rejects with the signal's reason; so does an error of the body itself.
 */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<ServerSentEvent, void, undefined> {
  signal?.throwIfAborted();
  const reader = body.getReader();
  // Streaming decode keeps a character split between two chunks whole; the BOM is dropped.
  const decoder = new TextDecoder('utf-8');
  const parser = new EventStreamParser();
  // Cancelling settles a pending read at once, which the loop then reports as the abort.
  const cancel = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      signal?.throwIfAborted();
      if (done) {
        finished = true;
        // Whatever is still buffered is an incomplete event; decoding only flushes the decoder.
        decoder.decode();
        return;
      }
      for (const event of parser.push(decoder.decode(value, { stream: true }))) {
        yield event;
        // The consumer may have aborted while handling the event.
        signal?.throwIfAborted();
      }
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    // The consumer stopped early (or the body failed): stop the transfer rather than leave it running.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
