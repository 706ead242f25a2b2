/**
 * The steady writer's own process (see steady-writer.ts): it posts the reviews its parent hands
 * it at a steady rate and times their answers on an event loop of its own. In the benchmark's
 * process, autocannon handles thousands of responses a second; the writer's timers and
 * callbacks would wait behind them, and its latencies would be the load generator's, not the
 * server's.
 */
import { LatencyHistogram } from '../latency-histogram';
import { type FirstReview, postReview } from './first-reviews';
import type { ScenarioResult } from './load';
import type { ToSteadyWriter, FromSteadyWriter } from './steady-writer';

const ERROR_SAMPLES_KEPT = 5;

function send(message: FromSteadyWriter): void {
  process.send!(message);
}

const latency = new LatencyHistogram();
const statusCodes: Record<string, number> = {};
const errorSamples = new Map<string, string>();
let errors = 0;
const noteFailure = (what: string, detail: string) => {
  errors += 1;
  if (errorSamples.size < ERROR_SAMPLES_KEPT && !errorSamples.has(what)) errorSamples.set(what, `${what}: ${detail}`);
};

const queue: FirstReview[] = [];
let asked = 0;
let ratePerSecond = 1;
let baseUrls: string[] = [];

/** Keeps about two seconds of reviews at hand, asking the parent for more as they go. */
function askForMore(): void {
  if (stopping) return;
  const wanted = 2 * ratePerSecond;
  if (queue.length + asked < wanted) {
    const count = wanted - queue.length - asked;
    asked += count;
    send({ kind: 'need', count });
  }
}

/** When the reads' measured window opened (see SteadyWriter.startMeasuring); null until it has. */
let measuredFrom: number | null = null;
let sentMeasured = 0;

const answers = new Set<Promise<void>>();
function post(n: number): void {
  const measured = measuredFrom !== null;
  if (measured) sentMeasured += 1;
  const next = queue.shift();
  askForMore();
  if (!next) {
    noteFailure('no review to post', 'the parent did not hand out reviews in time');
    return;
  }
  const answered = postReview(baseUrls[n % baseUrls.length]!, next).then(
    ({ status, body, ms }) => {
      if (measured) latency.add(ms);
      statusCodes[status] = (statusCodes[status] ?? 0) + 1;
      if (status !== 201) noteFailure(`${status} POST /api/reviews`, body.slice(0, 300) || '(empty body)');
    },
    (err: unknown) => noteFailure('POST /api/reviews failed', err instanceof Error ? err.message : String(err)),
  );
  answers.add(answered);
  void answered.finally(() => answers.delete(answered));
}

let startedAt = 0;
/** Set once the parent says stop: no more reviews are asked for. */
let stopping = false;
let sent = 0;
let timer: NodeJS.Timeout | undefined;
function start(): void {
  // Timers fire late on a busy machine: each tick sends every post due by then, so the rate
  // holds on average.
  const intervalMs = 1000 / ratePerSecond;
  startedAt = performance.now();
  const tick = () => {
    const due = Math.floor((performance.now() - startedAt) / intervalMs) + 1;
    while (sent < due) post(sent++);
    timer = setTimeout(tick, Math.max(0, startedAt + sent * intervalMs - performance.now()));
  };
  tick();
}

async function stop(): Promise<ScenarioResult> {
  stopping = true;
  clearTimeout(timer);
  // Without a measured window (a run that never opened one) every post counts.
  const timedFrom = measuredFrom ?? startedAt;
  const durationSeconds = timedFrom > 0 ? (performance.now() - timedFrom) / 1000 : 0;
  const timedPosts = measuredFrom !== null ? sentMeasured : sent;
  await Promise.all(answers);
  const oneDecimal = (value: number) => Math.round(value * 10) / 10;
  return {
    key: 'steady-writes',
    name: `Reviews posted at ${ratePerSecond}/s`,
    kind: 'write',
    requests: timedPosts,
    durationSeconds: oneDecimal(durationSeconds),
    requestsPerSecond: durationSeconds > 0 ? oneDecimal(timedPosts / durationSeconds) : 0,
    ratioToCeiling: null,
    latencyMs: {
      mean: oneDecimal(latency.mean),
      p50: oneDecimal(latency.percentile(0.5)),
      p90: oneDecimal(latency.percentile(0.9)),
      p99: oneDecimal(latency.percentile(0.99)),
      max: oneDecimal(latency.max),
    },
    errors,
    statusCodes,
    errorSamples: [...errorSamples.values()],
    rssPeakBytes: null,
    serverCpuMicrosPerRequest: null,
  };
}

process.on('message', (message: ToSteadyWriter) => {
  if (message.kind === 'reviews') {
    asked = Math.max(0, asked - message.reviews.length);
    queue.push(...message.reviews);
  } else if (message.kind === 'start') {
    baseUrls = message.baseUrls;
    ratePerSecond = message.ratePerSecond;
    // The first request of a process loads its HTTP client and opens a connection: done here,
    // before the clock starts, so no post is timed with it.
    void Promise.all(baseUrls.map((url) => fetch(`${url}/readyz`).then((response) => response.arrayBuffer()))).then(
      start,
      (err: unknown) => {
        noteFailure('the server did not answer', err instanceof Error ? err.message : String(err));
        start();
      },
    );
  } else if (message.kind === 'measure') {
    measuredFrom ??= performance.now();
  } else {
    void stop().then((result) => {
      send({ kind: 'result', result });
      process.disconnect();
    });
  }
});
send({ kind: 'ready' });
