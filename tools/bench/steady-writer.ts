/**
 * The writes of the mixed runs: new reviews posted at a steady rate while a read scenario runs,
 * one every 1/rate seconds whether or not the last has been answered (students post
 * independently of each other), round the given servers in turn, each the first review of one
 * of the tutors whose profiles the reads open, so every post changes what they read.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FirstReview, FirstReviews } from './first-reviews';
import type { ScenarioResult } from './load';

export interface WriteLoad {
  /** Reviews per second, over all servers. */
  ratePerSecond: number;
  /** Taken in turn: the tutors the reads open. */
  tutorIds: readonly string[];
  firstReviews: FirstReviews;
}

export interface SteadyWriter {
  /**
   * The reads' measured window opens: the posts sent from now on are the ones timed and
   * counted, as the reads count theirs after their warm-up (a failure counts whenever it came).
   */
  startMeasuring(): void;
  /** Stops posting, waits for the answers still on their way and reports the posts like a scenario. */
  stop(): Promise<ScenarioResult>;
}

/** What the writer's process is told: where to post, how fast, and the reviews to post. */
export type ToSteadyWriter =
  | { kind: 'start'; baseUrls: string[]; ratePerSecond: number }
  | { kind: 'reviews'; reviews: FirstReview[] }
  | { kind: 'measure' }
  | { kind: 'stop' };

/** What it answers: that it is listening, that it needs more reviews, and how the posts went. */
export type FromSteadyWriter =
  { kind: 'ready' } | { kind: 'need'; count: number } | { kind: 'result'; result: ScenarioResult };

/**
 * Starts posting in a process of its own (steady-writer-process.ts), timing the answers
 * there. Reviews are handed to it from here as it asks, so every pair still comes from the
 * run's one FirstReviews.
 */
export async function startSteadyWriter(baseUrls: readonly string[], load: WriteLoad): Promise<SteadyWriter> {
  let tutorTurn = 0;
  const nextReview = (): FirstReview | null => {
    for (let tried = 0; tried < load.tutorIds.length; tried++) {
      const next = load.firstReviews.takeFor(load.tutorIds[tutorTurn++ % load.tutorIds.length]!);
      if (next) return next;
    }
    return null;
  };
  const reviews = (count: number): FirstReview[] =>
    Array.from({ length: count }, nextReview).filter((review) => review !== null);

  const script = fileURLToPath(new URL('steady-writer-process.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const stopIfLeftRunning = () => child.kill('SIGKILL');
  process.once('exit', stopIfLeftRunning);
  // A message to a writer that has already finished (a late 'need' answered after its result)
  // goes nowhere: the callback takes the failure instead of an unhandled 'error' event.
  const toChild = (message: ToSteadyWriter) => {
    if (child.connected) child.send(message, () => undefined);
  };
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`The steady writer exited (${code ?? signal}).`))),
  );
  const result = new Promise<ScenarioResult>((resolve) => {
    child.on('message', (message: FromSteadyWriter) => {
      if (message.kind === 'need') toChild({ kind: 'reviews', reviews: reviews(message.count) });
      else if (message.kind === 'result') resolve(message.result);
    });
  });
  await Promise.race([new Promise((resolve) => child.once('message', resolve)), exited]);
  toChild({ kind: 'reviews', reviews: reviews(2 * load.ratePerSecond) });
  toChild({ kind: 'start', baseUrls: [...baseUrls], ratePerSecond: load.ratePerSecond });

  return {
    startMeasuring() {
      toChild({ kind: 'measure' });
    },
    async stop() {
      toChild({ kind: 'stop' });
      try {
        return await Promise.race([result, exited]);
      } finally {
        process.off('exit', stopIfLeftRunning);
        // Its HTTP client's idle connections would keep it alive a few seconds more.
        child.kill();
      }
    },
  };
}
