/**
 * The writes of the mixed runs: new reviews posted at a steady rate while a read scenario runs,
 * one every 1/rate seconds whether or not the last has been answered (students post
 * independently of each other), round the given servers in turn, each the first review of one
 * of the tutors whose profiles the reads open, so every post changes what they read.
 */
import { LatencyHistogram } from '../latency-histogram';
import { type FirstReview, type FirstReviews, postReview } from './first-reviews';
import type { ScenarioResult } from './load';

const ERROR_SAMPLES_KEPT = 5;

export interface WriteLoad {
  /** Reviews per second, over all servers. */
  ratePerSecond: number;
  /** Taken in turn: the tutors the reads open. */
  tutorIds: readonly string[];
  firstReviews: FirstReviews;
}

export interface SteadyWriter {
  /** Stops posting, waits for the answers still on their way and reports the posts like a scenario. */
  stop(): Promise<ScenarioResult>;
}

export function startSteadyWriter(baseUrls: readonly string[], load: WriteLoad): SteadyWriter {
  const latency = new LatencyHistogram();
  const statusCodes: Record<string, number> = {};
  const errorSamples = new Map<string, string>();
  let errors = 0;
  const noteFailure = (what: string, detail: string) => {
    errors += 1;
    if (errorSamples.size < ERROR_SAMPLES_KEPT && !errorSamples.has(what)) errorSamples.set(what, `${what}: ${detail}`);
  };

  let tutorTurn = 0;
  const nextReview = (): FirstReview => {
    for (let tried = 0; tried < load.tutorIds.length; tried++) {
      const next = load.firstReviews.takeFor(load.tutorIds[tutorTurn++ % load.tutorIds.length]!);
      if (next) return next;
    }
    throw new Error('Every writer has reviewed every tutor the steady writer posts to.');
  };

  const answers = new Set<Promise<void>>();
  const post = (n: number) => {
    const answered = Promise.resolve()
      .then(() => postReview(baseUrls[n % baseUrls.length]!, nextReview()))
      .then(
        ({ status, body, ms }) => {
          latency.add(ms);
          statusCodes[status] = (statusCodes[status] ?? 0) + 1;
          if (status !== 201) noteFailure(`${status} POST /api/reviews`, body.slice(0, 300) || '(empty body)');
        },
        (err: unknown) => noteFailure('POST /api/reviews failed', err instanceof Error ? err.message : String(err)),
      );
    answers.add(answered);
    void answered.finally(() => answers.delete(answered));
  };

  // Timers fire late on a busy event loop: each tick sends every post due by then, so the
  // rate holds on average.
  const intervalMs = 1000 / load.ratePerSecond;
  const startedAt = performance.now();
  let sent = 0;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    const due = Math.floor((performance.now() - startedAt) / intervalMs) + 1;
    while (sent < due) post(sent++);
    timer = setTimeout(tick, Math.max(0, startedAt + sent * intervalMs - performance.now()));
  };
  tick();

  return {
    async stop() {
      clearTimeout(timer);
      const durationSeconds = (performance.now() - startedAt) / 1000;
      await Promise.all(answers);
      const oneDecimal = (value: number) => Math.round(value * 10) / 10;
      return {
        key: 'steady-writes',
        name: `Reviews posted at ${load.ratePerSecond}/s`,
        kind: 'write',
        requests: sent,
        durationSeconds: oneDecimal(durationSeconds),
        requestsPerSecond: oneDecimal(sent / durationSeconds),
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
      };
    },
  };
}
