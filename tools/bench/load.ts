/**
 * Drives autocannon at a server for one scenario: a warm-up that is not counted, then the
 * measured run, with the server's memory sampled throughout and every non-2xx answer counted.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, MemoryWatch } from '../server-process';

const MEMORY_SAMPLE_EVERY_MS = 250;
const ERROR_SAMPLES_KEPT = 5;
/** The shortest window a stalled measurement is taken again over. */
const STALLED_RETRY_MIN_SECONDS = 5;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export type ScenarioKind = 'ceiling' | 'read' | 'write';

export interface LoadScenario {
  key: string;
  name: string;
  kind: ScenarioKind;
  /** Sent in turn on every connection; each request's setupRequest picks its own path, cookie and body. */
  requests: autocannon.Request[];
}

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmUpSeconds: number;
}

export interface ScenarioResult {
  key: string;
  name: string;
  kind: ScenarioKind;
  requests: number;
  durationSeconds: number;
  requestsPerSecond: number;
  /** Of the hello-world's requests per second; null for the hello-world itself. */
  ratioToCeiling: number | null;
  latencyMs: { mean: number; p50: number; p90: number; p99: number; max: number };
  /** Answers that were not 2xx, connection errors and timeouts, in the warm-up as well as the measured run. */
  errors: number;
  statusCodes: Record<string, number>;
  /** A few of the failures, with what was sent and the start of the answer. */
  errorSamples: string[];
  /** The highest resident memory of the measured process during the scenario, warm-up included. */
  rssPeakBytes: number | null;
  /**
   * The server process's CPU time per request over the measured window, in microseconds (user
   * and system; Linux only, else null). Unlike requests per second, it hardly moves with what
   * else the machine is doing, so it shows the cost of a setting to within a few percent.
   */
  serverCpuMicrosPerRequest: number | null;
}

/** The CPU time a process has used so far, in microseconds, from /proc (Linux); null elsewhere. */
function processCpuMicros(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1_000_000) / CLOCK_TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second on every common platform. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * A server just started answers its first requests slowly (its code not yet optimized, the
 * embedded database's first statements): each of a read scenario's requests is sent once, and
 * answered, before the load starts, so that on a busy machine a short warm-up does not end with
 * the server still on its first answers. Posts are left alone: each one writes.
 */
async function answerEachOnce(baseUrl: string, scenario: LoadScenario): Promise<void> {
  if (scenario.kind === 'write') return;
  const context: autocannon.Context = {};
  for (const request of scenario.requests) {
    const unprepared: autocannon.Request = { method: 'GET', path: '/', ...request };
    const prepared = request.setupRequest ? request.setupRequest(unprepared, context) : unprepared;
    if (!prepared) continue;
    const response = await fetch(baseUrl + (prepared.path ?? '/'), {
      method: prepared.method,
      headers: prepared.headers,
      body: prepared.body,
    });
    await response.arrayBuffer();
  }
}

export async function measure(
  baseUrl: string,
  scenario: LoadScenario,
  settings: LoadSettings,
  serverPid: number | undefined,
  /** Called as the measured window opens, after the warm-up (the steady writer starts timing then). */
  onMeasuredWindow?: () => void,
): Promise<ScenarioResult> {
  await answerEachOnce(baseUrl, scenario);
  const errorSamples = new Map<string, string>();
  const noteFailure = (what: string, detail: string) => {
    if (errorSamples.size < ERROR_SAMPLES_KEPT && !errorSamples.has(what)) errorSamples.set(what, `${what}: ${detail}`);
  };
  const requests = scenario.requests.map((request) => ({
    ...request,
    setupRequest: (sent: autocannon.Request, context: autocannon.Context) => {
      const prepared = request.setupRequest ? request.setupRequest(sent, context) : sent;
      if (prepared) context.sent = `${prepared.method ?? 'GET'} ${prepared.path}`;
      return prepared;
    },
    onResponse: (
      status: number,
      body: string,
      context: autocannon.Context,
      headers: Record<string, string | string[]>,
    ) => {
      if (status < 200 || status >= 300)
        noteFailure(`${status} ${String(context.sent).replace(UUID, ':id')}`, body.slice(0, 300) || '(empty body)');
      request.onResponse?.(status, body, context, headers);
    },
  }));

  const memory = new MemoryWatch(serverPid);
  const sampler = setInterval(() => memory.now(), MEMORY_SAMPLE_EVERY_MS);
  let cpuAtStart: number | null = null;
  let cpuAtEnd: number | null = null;
  const run = async (durationSeconds: number) => {
    const instance = autocannon({
      url: baseUrl,
      title: scenario.key,
      connections: settings.connections,
      duration: durationSeconds,
      ...(settings.warmUpSeconds > 0
        ? { warmup: { connections: settings.connections, duration: settings.warmUpSeconds } }
        : {}),
      requests,
    });
    instance.on('reqError', (err: Error) => noteFailure('connection error', err.message));
    // The run's own tracker: with a warm-up, its 'start' comes once the warm-up has ended.
    instance.on('start', () => {
      cpuAtStart = processCpuMicros(serverPid);
      onMeasuredWindow?.();
    });
    const finished = await instance;
    cpuAtEnd = processCpuMicros(serverPid);
    return finished;
  };
  let result: autocannon.Result;
  try {
    result = await run(settings.durationSeconds);
    // A window in which not one answer arrived, and none failed, measured a machine that stalled
    // (a short run on a shared, busy host: every answer took longer than the window), not what
    // the server can do: it is measured once more, over a window long enough for answers to land.
    if (result.requests.total === 0 && result.errors === 0 && result.non2xx === 0) {
      const longer = Math.max(STALLED_RETRY_MIN_SECONDS, settings.durationSeconds * 2);
      process.stdout.write(`(no answer in the whole window: measured again over ${longer} s) `);
      result = await run(longer);
    }
  } finally {
    clearInterval(sampler);
    memory.now();
  }

  const runs = [result, ...(result.warmup ? [result.warmup] : [])];
  const statusCodes: Record<string, number> = {};
  for (const run of runs) {
    for (const [status, { count }] of Object.entries(run.statusCodeStats))
      statusCodes[status] = (statusCodes[status] ?? 0) + count;
  }
  const errors = runs.reduce((sum, run) => sum + run.non2xx + run.errors, 0);
  const requestsDone = result.requests.total;
  return {
    key: scenario.key,
    name: scenario.name,
    kind: scenario.kind,
    requests: requestsDone,
    durationSeconds: result.duration,
    requestsPerSecond: result.duration > 0 ? Math.round(requestsDone / result.duration) : 0,
    ratioToCeiling: null,
    latencyMs: {
      mean: result.latency.mean,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    errors,
    statusCodes,
    errorSamples: [...errorSamples.values()],
    rssPeakBytes: memory.watching && memory.peak > 0 ? memory.peak : null,
    serverCpuMicrosPerRequest:
      cpuAtStart !== null && cpuAtEnd !== null && requestsDone > 0
        ? Math.round(((cpuAtEnd - cpuAtStart) / requestsDone) * 10) / 10
        : null,
  };
}

/**
 * One scenario measured on several servers at once, as one: requests, errors and answers added
 * up; the latencies and memory of the worse server (percentiles of two runs cannot be merged).
 */
export function combinedResult(results: ScenarioResult[]): ScenarioResult {
  const [first, ...others] = results;
  if (!first) throw new Error('No results to combine.');
  if (!others.length) return first;
  const worst = (pick: (result: ScenarioResult) => number) => Math.max(...results.map(pick));
  const statusCodes: Record<string, number> = {};
  for (const result of results)
    for (const [status, count] of Object.entries(result.statusCodes))
      statusCodes[status] = (statusCodes[status] ?? 0) + count;
  const requests = results.reduce((sum, result) => sum + result.requests, 0);
  const rssPeaks = results.map((result) => result.rssPeakBytes).filter((bytes) => bytes !== null);
  return {
    ...first,
    requests,
    durationSeconds: worst((result) => result.durationSeconds),
    requestsPerSecond: results.reduce((sum, result) => sum + result.requestsPerSecond, 0),
    // Each server's CPU is its own; a sum over both says nothing per request.
    serverCpuMicrosPerRequest: null,
    latencyMs: {
      mean: requests ? results.reduce((sum, result) => sum + result.latencyMs.mean * result.requests, 0) / requests : 0,
      p50: worst((result) => result.latencyMs.p50),
      p90: worst((result) => result.latencyMs.p90),
      p99: worst((result) => result.latencyMs.p99),
      max: worst((result) => result.latencyMs.max),
    },
    errors: results.reduce((sum, result) => sum + result.errors, 0),
    statusCodes,
    errorSamples: results.flatMap((result) => result.errorSamples).slice(0, ERROR_SAMPLES_KEPT),
    rssPeakBytes: rssPeaks.length ? Math.max(...rssPeaks) : null,
  };
}

export interface HelloWorldServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** The bare Fastify hello-world as a process of its own, like the real server. */
export async function startHelloWorld(): Promise<HelloWorldServer> {
  const port = await freePort();
  const script = fileURLToPath(new URL('hello-world-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stopIfLeftRunning = () => child.kill('SIGKILL');
  process.once('exit', stopIfLeftRunning);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    process.off('exit', stopIfLeftRunning);
  };
  const deadline = Date.now() + 30_000;
  while (
    !(await fetch(url).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error('The hello-world server did not start.');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid: child.pid!, stop };
}
