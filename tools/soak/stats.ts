import { LatencyHistogram } from '../latency-histogram';

/** What the soak does, in the order the report lists it. */
export const trafficKinds = ['browse', 'search', 'profile', 'submit', 'edit', 'sign-in'] as const;
export type TrafficKind = (typeof trafficKinds)[number];

export interface KindStats {
  requests: number;
  errors: number;
  latency: LatencyHistogram;
}

/** One unexpected answer, kept as an example of its kind of failure. */
export interface ErrorSample {
  kind: TrafficKind;
  what: string;
  count: number;
}

const ERROR_SAMPLES_KEPT = 20;

/** Counts every request of the traffic phase, by kind, with its latency and whether it failed. */
export class TrafficRecorder {
  readonly byKind = new Map<TrafficKind, KindStats>(
    trafficKinds.map((kind) => [kind, { requests: 0, errors: 0, latency: new LatencyHistogram() }]),
  );
  /** Failures grouped by what went wrong (ids left out), so a thousand alike show as one line. */
  readonly errorSamples = new Map<string, ErrorSample>();
  tooManyRequests = 0;

  record(kind: TrafficKind, ms: number): void {
    const stats = this.byKind.get(kind)!;
    stats.requests += 1;
    stats.latency.add(ms);
  }

  recordError(kind: TrafficKind, what: string, status?: number): void {
    this.byKind.get(kind)!.errors += 1;
    if (status === 429) this.tooManyRequests += 1;
    const key = `${kind} ${what}`;
    const sample = this.errorSamples.get(key);
    if (sample) sample.count += 1;
    else if (this.errorSamples.size < ERROR_SAMPLES_KEPT) this.errorSamples.set(key, { kind, what, count: 1 });
  }

  get totalRequests(): number {
    return [...this.byKind.values()].reduce((sum, stats) => sum + stats.requests, 0);
  }

  get totalErrors(): number {
    return [...this.byKind.values()].reduce((sum, stats) => sum + stats.errors, 0);
  }
}
