/** Latencies of a tool's requests (soak, bench), kept for their percentiles. */
const SMALLEST_BUCKET_MS = 0.1;
const BUCKET_GROWTH = 1.02;

/**
 * Latencies in buckets 2% wide: percentiles within 2% however long the run, in constant memory
 * (an hour at a few hundred requests a second would otherwise keep a million numbers).
 */
export class LatencyHistogram {
  private readonly buckets = new Map<number, number>();
  count = 0;
  max = 0;
  private sum = 0;

  add(ms: number): void {
    const bucket =
      ms <= SMALLEST_BUCKET_MS ? 0 : Math.ceil(Math.log(ms / SMALLEST_BUCKET_MS) / Math.log(BUCKET_GROWTH));
    this.buckets.set(bucket, (this.buckets.get(bucket) ?? 0) + 1);
    this.count += 1;
    this.sum += ms;
    this.max = Math.max(this.max, ms);
  }

  get mean(): number {
    return this.count ? this.sum / this.count : 0;
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
