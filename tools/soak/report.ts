/** What the soak prints once the traffic has ended: the table by kind, throughput, memory, what went wrong. */
import { type MemoryWatch, loadTestRateLimits } from '../server-process';
import { type TrafficRecorder, trafficKinds } from './stats';

export function printReport(
  recorder: TrafficRecorder,
  trafficMs: number,
  memory: MemoryWatch,
  target: { external: boolean },
): void {
  const columns = (cells: (string | number)[]) =>
    `  ${String(cells[0]).padEnd(9)}${cells
      .slice(1)
      .map((cell) => String(cell).padStart(9))
      .join('')}`;
  console.log('\nRequests');
  console.log(columns(['kind', 'count', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms']));
  for (const kind of trafficKinds) {
    const { requests, errors, latency } = recorder.byKind.get(kind)!;
    const ms = (fraction: number) => (requests ? latency.percentile(fraction).toFixed(1) : '-');
    console.log(
      columns([kind, requests, errors, ms(0.5), ms(0.95), ms(0.99), requests ? latency.max.toFixed(1) : '-']),
    );
  }
  console.log(columns(['total', recorder.totalRequests, recorder.totalErrors]));
  console.log(
    `Throughput: ${(recorder.totalRequests / (trafficMs / 1000)).toFixed(1)} requests/s over ${seconds(trafficMs)} s`,
  );

  const { startUp, trafficStart, end } = memory.samples;
  if (!memory.watching) {
    console.log(
      'Server memory: not measured (the server was started elsewhere; pass --server-pid <pid> to read its RSS)',
    );
  } else {
    const rss = (bytes: number | undefined) => (bytes === undefined ? 'unknown' : mib(bytes));
    const growth =
      trafficStart !== undefined && end !== undefined
        ? ` (${end >= trafficStart ? '+' : '-'}${mib(Math.abs(end - trafficStart))})`
        : '';
    console.log(
      `Server memory (RSS): at start ${rss(trafficStart)}, at end ${rss(end)}${growth}, peak ${rss(memory.peak || undefined)}` +
        (startUp === undefined ? '' : ` (${mib(startUp)} before seeding)`),
    );
  }

  if (recorder.errorSamples.size) {
    console.log('\nWhat went wrong (grouped, ids left out):');
    for (const { kind, what, count } of recorder.errorSamples.values()) console.log(`  ${count} x ${kind}: ${what}`);
  }
  if (recorder.tooManyRequests > 0)
    console.log(
      `\n${recorder.tooManyRequests} requests were refused with 429 Too Many Requests. ${tooManyRequestsAdvice(target.external)}`,
    );
}

export function tooManyRequestsAdvice(external: boolean): string {
  const names = Object.keys(loadTestRateLimits).join(', ');
  return external
    ? `The server's rate limits are lower than this traffic: start it with them raised (${names}; the soak uses ${Object.values(loadTestRateLimits)[0]}).`
    : `The soak raised the rate limits (${names}) of the server it started: have the variables changed? See loadTestRateLimits in tools/server-process.ts.`;
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function seconds(ms: number, digits = 1): string {
  return (ms / 1000).toFixed(digits);
}
