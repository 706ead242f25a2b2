/** What the soak does, in the order the report lists it. */
export const trafficKinds = ['browse', 'search', 'profile', 'submit', 'edit', 'sign-in'] as const;
export type TrafficKind = (typeof trafficKinds)[number];

const SMALLEST_BUCKET_MS = 0.1;
const BUCKET_GROWTH = 1.02;

/**
 * Latencies in buckets 2% wide: percentiles within 2% however long the run, in constant memory
 * (an hour at a few hundred requests a second would otherwise keep a million numbers).
 */
class LatencyHistogram {
  private readonly buckets = new Map<number, number>();
  count = 0;
  max = 0;

  add(ms: number): void {
    const bucket =
      ms <= SMALLEST_BUCKET_MS ? 0 : Math.ceil(Math.log(ms / SMALLEST_BUCKET_MS) / Math.log(BUCKET_GROWTH));
    this.buckets.set(bucket, (this.buckets.get(bucket) ?? 0) + 1);
    this.count += 1;
    this.max = Math.max(this.max, ms);
  }

  /** The latency under which `fraction` of the requests finished (the bucket's upper edge). */
  percentile(fraction: number): number {
    if (this.count === 0) return 0;
    const wanted = Math.ceil(fraction * this.count);
    let seen = 0;
    for (const bucket of [...this.buckets.keys()].sort((a, b) => a - b)) {
      seen += this.buckets.get(bucket)!;
      if (seen >= wanted) return Math.min(this.max, SMALLEST_BUCKET_MS * BUCKET_GROWTH ** bucket);
    }
    return this.max;
  }
}

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
