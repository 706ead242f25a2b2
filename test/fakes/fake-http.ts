import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Plumbing shared by the fake AI providers (fake-gemini.ts, fake-openai.ts): a loopback HTTP
 * server that records every request and notices when a client walks away from a response
 * before it was finished, which is how a test proves that cancelling a draft really cancelled
 * the upstream request.
 */

export interface RecordedRequest {
  method: string;
  /** The path without the query string, as sent (e.g. /v1beta/models/gemini-2.5-flash:generateContent). */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or null when there was none or it was not JSON. */
  body: unknown;
}

export interface FakeExchange {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  rawBody: string;
  body: unknown;
  /** Aborted once the response is over, whoever ended it; long waits listen to it. */
  closed: AbortSignal;
  /** Cuts the connection mid-response, as a crashing upstream would; not counted as an abort. */
  dropConnection(): void;
}

export interface WaitForAbortOptions {
  /** How many aborted responses (since the last reset) to wait for. */
  count?: number;
  timeoutMs?: number;
}

export interface FakeHttpServer {
  port: number;
  requests: RecordedRequest[];
  /** Responses the client closed before the server had finished them. */
  readonly abortedStreams: number;
  waitForAbortedStream(options?: WaitForAbortOptions): Promise<void>;
  clearRecords(): void;
  close(): Promise<void>;
}

export async function startFakeHttpServer(
  port: number,
  handle: (exchange: FakeExchange) => Promise<void> | void,
): Promise<FakeHttpServer> {
  const requests: RecordedRequest[] = [];
  const openResponses = new Set<ServerResponse>();
  const endedByServer = new WeakSet<ServerResponse>();
  let aborted = 0;
  let waiters: Array<{ count: number; resolve: () => void; reject: (error: Error) => void }> = [];
  let closing: Promise<void> | undefined;

  const settleWaiters = () => {
    waiters = waiters.filter((waiter) => {
      if (aborted < waiter.count) return true;
      waiter.resolve();
      return false;
    });
  };

  const server = createServer((req, res) => {
    openResponses.add(res);
    const closedController = new AbortController();
    res.on('close', () => {
      openResponses.delete(res);
      closedController.abort();
      if (!res.writableEnded && !endedByServer.has(res)) {
        aborted += 1;
        settleWaiters();
      }
    });
    // A client that disconnects while still uploading must not crash the fake.
    req.on('error', () => undefined);

    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const body = parseJson(rawBody);
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      });
      const exchange: FakeExchange = {
        req,
        res,
        url,
        rawBody,
        body,
        closed: closedController.signal,
        dropConnection() {
          endedByServer.add(res);
          res.destroy();
        },
      };
      Promise.resolve()
        .then(() => handle(exchange))
        .catch((error: unknown) => {
          // A bug in the fake itself: make it loud in the failing test rather than hang.
          if (res.headersSent) {
            exchange.dropConnection();
            return;
          }
          res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          res.end(`The fake server failed: ${error instanceof Error ? error.stack : String(error)}`);
        });
    });
  });

  const boundPort = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });

  return {
    port: boundPort,
    requests,
    get abortedStreams() {
      return aborted;
    },
    waitForAbortedStream({ count = 1, timeoutMs = 5_000 }: WaitForAbortOptions = {}) {
      if (aborted >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter !== entry);
          reject(new Error(`Expected ${count} aborted response(s) within ${timeoutMs} ms; saw ${aborted}.`));
        }, timeoutMs);
        const entry = {
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
          reject: (error: Error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        waiters.push(entry);
      });
    },
    clearRecords() {
      requests.length = 0;
      aborted = 0;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const waiter of waiters) waiter.reject(new Error('The fake server was closed.'));
        waiters = [];
        for (const res of openResponses) {
          endedByServer.add(res);
          res.destroy();
        }
        server.close(() => resolve());
        // Idle keep-alive sockets would otherwise hold close() open for seconds.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Waits, unless the response ends first; says whether it is still worth writing to. */
export async function pause(ms: number, closed: AbortSignal): Promise<boolean> {
  if (closed.aborted) return false;
  try {
    await delay(ms, undefined, { signal: closed });
    return true;
  } catch {
    return false;
  }
}

/** Keeps a response open until the client leaves or the fake is closed. */
export function holdOpen(closed: AbortSignal): Promise<void> {
  if (closed.aborted) return Promise.resolve();
  return new Promise((resolve) => closed.addEventListener('abort', () => resolve(), { once: true }));
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json',
  extraHeaders: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text), ...extraHeaders });
  res.end(text);
}

/**
 * Cuts a text into about `count` consecutive pieces at word boundaries (each piece after the
 * first starts with the whitespace before its first word, as model tokens do). Joined, the
 * pieces are exactly the text.
 */
export function sliceAtWords(text: string, count: number): string[] {
  if (text === '') return [''];
  const target = Math.max(1, Math.ceil(text.length / count));
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = start + target;
    if (end >= text.length) {
      pieces.push(text.slice(start));
      break;
    }
    while (end < text.length && !/\s/.test(text[end]!)) end += 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/** Slow enough to see a draft arrive piece by piece, quick enough for tests. */
export const DEFAULT_CHUNK_DELAY_MS = 30;

/** Roughly what a tokenizer would count: about four characters a token. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** A review a student might write, long enough to be a realistic draft (spec: 2,000–2,500 characters). */
export const DEFAULT_DRAFT_TEXT = [
  'I started working with this tutor in the second week of the semester, when I was already behind in my linear algebra course and honestly close to dropping it. ' +
    'From the very first session it was clear that they cared more about me understanding the ideas than about rushing through the problem sets. ' +
    'They asked me to explain how I was thinking about eigenvalues before correcting anything, which felt awkward at first but quickly showed both of us where my gaps actually were.',
  'Sessions were well organised. Each one began with a short recap of the previous week, then we worked through two or three exercises that were close to the ones on my assignments, and we finished by writing down the questions I still had. ' +
    'When I got stuck, they never just gave me the answer; instead they drew a small example on the whiteboard or asked a question that pointed me in the right direction. ' +
    'By the middle of the term I noticed that I was using the same approach on my own when I studied in the library.',
  'Communication outside the sessions was easy. They replied to messages within a day, shared clear notes after every meeting, and once stayed twenty minutes longer before my midterm without making a fuss about it. ' +
    'Rescheduling was never a problem as long as I gave a bit of notice, and they were always on time and prepared. ' +
    'They also pointed me to a few short video lectures and a free textbook chapter that explained orthogonal projections far better than my lecture notes did.',
  'If I had to name one thing that could be better, it would be the pace in our first few meetings. ' +
    'We covered a lot of material quickly, and I sometimes left feeling a little overwhelmed. ' +
    'When I mentioned this, they immediately slowed down and started checking in more often, so it was easy to fix once I said something.',
  'Overall, working with this tutor changed how I approach mathematics. I went from dreading the weekly problem sets to actually enjoying the moment when a proof finally clicks. ' +
    'My marks improved, but the bigger change was in my confidence. ' +
    'I would recommend them to any student who wants to understand the material properly rather than just memorise steps for the exam, and I am planning to book sessions again next semester.',
].join('\n\n');

/**
 * What a request for a review summary (JSON citing reviews R1..Rn) gets by default: two
 * sentences citing the first three reviews.
 */
export const DEFAULT_SUMMARY_REPLY = JSON.stringify({
  sentences: [
    { text: 'Students find the explanations clear and the sessions patient.', reviews: ['R1', 'R2'] },
    { text: 'Several say the sessions are well prepared.', reviews: ['R3'] },
  ],
});

/** What a test controls on either fake provider; `S` is that provider's list of scenarios. */
export interface FakeProvider<S extends string> {
  /** The base URL to point the provider's SDK at. */
  url: string;
  port: number;
  scenario: S;
  draftText: string;
  /** The JSON text a review-summary request gets (in the 'draft' scenario). */
  summaryReply: string;
  chunkDelayMs: number;
  requests: RecordedRequest[];
  /** Responses the client closed before the fake had finished them (streams above all). */
  readonly abortedStreams: number;
  /** Resolves once `count` (default 1) responses have been aborted by the client since the last reset. */
  waitForAbortedStream(options?: WaitForAbortOptions): Promise<void>;
  /** Back to the 'draft' scenario with the default text and delay; forgets requests and aborts. */
  reset(): void;
  /** Also cuts any response still open (a stall); never waits on clients. */
  close(): Promise<void>;
}

/** The controls of a fake provider served by `http`, starting in the 'draft' scenario. */
export function fakeProviderControls<S extends string>(http: FakeHttpServer, url: string, draft: S): FakeProvider<S> {
  const fake: FakeProvider<S> = {
    url,
    port: http.port,
    scenario: draft,
    draftText: DEFAULT_DRAFT_TEXT,
    summaryReply: DEFAULT_SUMMARY_REPLY,
    chunkDelayMs: DEFAULT_CHUNK_DELAY_MS,
    requests: http.requests,
    get abortedStreams() {
      return http.abortedStreams;
    },
    waitForAbortedStream: (waitOptions) => http.waitForAbortedStream(waitOptions),
    reset() {
      fake.scenario = draft;
      fake.draftText = DEFAULT_DRAFT_TEXT;
      fake.summaryReply = DEFAULT_SUMMARY_REPLY;
      fake.chunkDelayMs = DEFAULT_CHUNK_DELAY_MS;
      http.clearRecords();
    },
    close: () => http.close(),
  };
  return fake;
}
