/**
 * The benchmark's runs against servers it starts: a scenario measured and shown as it goes,
 * the reads again while reviews are posted, on a server with the read cache off, with every
 * request logged, with Prometheus metrics on, and on two instances sharing one PostgreSQL database.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { startServer, type StartedServer } from '../server-process';
import { combinedResult, type LoadScenario, type LoadSettings, measure, type ScenarioResult } from './load';
import type { LoggingCost, MetricsCost, MixedRun, TwoInstanceRun } from './report';
import { startSteadyWriter, type WriteLoad } from './steady-writer';
import { checkVisibility, type VisibilityCheck } from './visibility';

/** The level an operator runs the server at; request logging included, as it would be. */
export const SERVER_LOG_LEVEL = 'info';
const DRAIN_MS = 2_000;

/** What every server of a run shares: its database, and the folder its logs go to. */
export interface ServerSetup {
  databaseUrl?: string;
  /** The embedded database's DATA_DIR; unused on PostgreSQL. */
  dataDir?: string;
  logFolder: string;
}

/** A server of the run; `name` names its log file. */
export function startBenchServer(
  setup: ServerSetup,
  name: string,
  options: { logLevel?: string; env?: Record<string, string> } = {},
): Promise<StartedServer> {
  return startServer({
    databaseUrl: setup.databaseUrl,
    dataDir: setup.dataDir,
    logLevel: options.logLevel ?? SERVER_LOG_LEVEL,
    logFile: path.join(setup.logFolder, `${name}.log`),
    env: options.env,
  });
}

export async function measureAndShow(
  url: string,
  scenario: LoadScenario,
  load: LoadSettings,
  pid: number,
): Promise<ScenarioResult> {
  process.stdout.write(`  ${scenario.name}... `);
  const result = await measure(url, scenario, load, pid);
  console.log(
    `${result.requestsPerSecond} req/s, p99 ${result.latencyMs.p99} ms${result.errors ? `, ${result.errors} errors` : ''}`,
  );
  return result;
}

/**
 * The read scenario on every server at once (the connections split between them) while the
 * steady writer posts reviews through them in turn. The posts are timed over the reads'
 * measured window, as the reads are: the warm-up, in which the reads fill the server's memory
 * with the scenario's answers, is not the steady state either measures.
 */
export async function measureWhileWriting(
  servers: readonly StartedServer[],
  scenario: LoadScenario,
  load: LoadSettings,
  writes: WriteLoad,
): Promise<MixedRun> {
  process.stdout.write(`  ${scenario.name}... `);
  const writer = await startSteadyWriter(
    servers.map((server) => server.url),
    writes,
  );
  let reads: ScenarioResult[];
  let posted: ScenarioResult;
  try {
    reads = await Promise.all(
      servers.map((server, i) =>
        measure(
          server.url,
          scenario,
          { ...load, connections: shareOf(load.connections, servers.length, i) },
          server.pid,
          () => writer.startMeasuring(),
        ),
      ),
    );
  } finally {
    // Stopped whatever happened to the reads: a writer left running would keep the process alive.
    posted = await writer.stop();
  }
  const read = combinedResult(reads);
  const errors = read.errors + posted.errors;
  console.log(
    `${read.requestsPerSecond} req/s, p99 ${read.latencyMs.p99} ms; ${posted.requests} reviews posted, p99 ${posted.latencyMs.p99} ms${errors ? `, ${errors} errors` : ''}`,
  );
  return { read, writes: posted, shareOfReadOnly: null };
}

/** Connection `i`'s share when `total` are split over `parts` servers, the first ones taking the remainder. */
function shareOf(total: number, parts: number, i: number): number {
  return Math.floor(total / parts) + (i < total % parts ? 1 : 0);
}

/** Stops the server as an operator would, and answers what went wrong with it along the way. */
export async function stopServer(server: StartedServer): Promise<string[]> {
  // autocannon ends a run by closing its connections; the server is given time to finish the
  // requests it was still answering, as a load balancer would drain it before a restart.
  await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
  const problems: string[] = [];
  const exitedBefore = server.exitStatus();
  if (exitedBefore !== null)
    problems.push(
      `The server exited during the run (${exitedBefore}); its last lines:\n${server.lastLogLines().join('\n')}`,
    );
  const howItEnded = await server.stop();
  if (exitedBefore === null && howItEnded !== 'code 0')
    problems.push(`The server did not stop cleanly on SIGTERM (${howItEnded})`);
  problems.push(...server.loggedErrors.map((line) => `The server logged an error: ${line.slice(0, 400)}`));
  return problems;
}

export function failedRequests(scenario: ScenarioResult): string {
  const samples = scenario.errorSamples.map((sample) => `\n    e.g. ${sample}`).join('');
  return `${scenario.name}: ${scenario.errors} failed requests (answers by status: ${JSON.stringify(scenario.statusCodes)})${samples}`;
}

/**
 * The same read again on a server started with LOG_LEVEL=debug, which logs every request, so
 * the report shows what that costs next to the default level.
 */
export async function measureLoggingCost(
  setup: ServerSetup,
  scenario: LoadScenario,
  atDefaultLevel: ScenarioResult,
  load: LoadSettings,
  problems: string[],
): Promise<LoggingCost> {
  console.log('\nThe same tutor list with every request logged (LOG_LEVEL=debug):');
  const verbose = await startBenchServer(setup, 'every-request-logged', { logLevel: 'debug' });
  let everyRequestLogged: ScenarioResult;
  try {
    everyRequestLogged = await measureAndShow(verbose.url, scenario, load, verbose.pid);
  } finally {
    problems.push(...(await stopServer(verbose)));
  }
  if (everyRequestLogged.errors > 0) problems.push(`At LOG_LEVEL=debug: ${failedRequests(everyRequestLogged)}`);
  const atInfo = atDefaultLevel.requestsPerSecond;
  return {
    scenario: atDefaultLevel.name,
    info: { requestsPerSecond: atInfo, p99Ms: atDefaultLevel.latencyMs.p99 },
    debug: { requestsPerSecond: everyRequestLogged.requestsPerSecond, p99Ms: everyRequestLogged.latencyMs.p99 },
    costPercent: atInfo > 0 ? Math.round((1 - everyRequestLogged.requestsPerSecond / atInfo) * 100) : 0,
  };
}

/** Every read on a server started with READ_CACHE=off, which answers each from the database. */
export async function measureWithCacheOff(
  setup: ServerSetup,
  reads: readonly LoadScenario[],
  load: LoadSettings,
  problems: string[],
): Promise<ScenarioResult[]> {
  console.log('\nThe reads with the read cache off (READ_CACHE=off):');
  const server = await startBenchServer(setup, 'read-cache-off', { env: { READ_CACHE: 'off' } });
  const results: ScenarioResult[] = [];
  try {
    for (const read of reads) {
      if (server.exitStatus() !== null) break;
      results.push(await measureAndShow(server.url, read, load, server.pid));
    }
  } finally {
    problems.push(...(await stopServer(server)));
  }
  return results;
}

/**
 * Every read on servers started alike, one after the other, with Prometheus metrics off and on
 * (METRICS_TOKEN set) in the order off, on, on, off: a machine growing busier or quieter over the
 * run (a shared host does) weighs on both sides alike, and each server starts cold, so neither is
 * measured against one that had the whole run to warm up. Each side is the better of its two
 * servers. After each server with metrics on, one scrape, which must have counted its requests,
 * so the figures are of metrics really at work.
 */
export async function measureMetricsCost(
  setup: ServerSetup,
  reads: readonly LoadScenario[],
  load: LoadSettings,
  problems: string[],
): Promise<MetricsCost> {
  const token = randomBytes(16).toString('hex');
  let requestsCounted = 0;
  const measureAll = async (name: string, metricsOn: boolean) => {
    const server = await startBenchServer(setup, name, { env: metricsOn ? { METRICS_TOKEN: token } : {} });
    const results: ScenarioResult[] = [];
    try {
      for (const read of reads) {
        if (server.exitStatus() !== null) break;
        const result = await measureAndShow(server.url, read, load, server.pid);
        if (result.errors > 0) problems.push(`${name}: ${failedRequests(result)}`);
        results.push(result);
      }
      if (metricsOn) requestsCounted += await countedRequests(server.url, token);
    } catch (err) {
      problems.push(`${name}: the metrics could not be read: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      problems.push(...(await stopServer(server)));
    }
    return results;
  };
  console.log(
    '\nThe reads with Prometheus metrics off and on (METRICS_TOKEN set), on servers started in the order off, on, on, off:',
  );
  const off: ScenarioResult[][] = [];
  const on: ScenarioResult[][] = [];
  off.push(await measureAll('metrics-off-1', false));
  on.push(await measureAll('metrics-on-1', true));
  on.push(await measureAll('metrics-on-2', true));
  off.push(await measureAll('metrics-off-2', false));
  // Each side's best server: a machine busy with something else only ever makes a server slower
  // (fewer requests, more CPU time each), never faster.
  const bestOf = (
    runs: ScenarioResult[][],
    key: string,
    pick: (result: ScenarioResult) => number | null,
    better: (a: number, b: number) => number,
  ) => {
    const values = runs
      .flatMap((results) => results.filter((result) => result.key === key))
      .map(pick)
      .filter((value) => value !== null);
    return values.length === runs.length ? values.reduce((a, b) => better(a, b)) : null;
  };
  const results = reads.map((read) => {
    const rate = (result: ScenarioResult) => result.requestsPerSecond;
    const without = bestOf(off, read.key, rate, Math.max) ?? 0;
    const withMetrics = bestOf(on, read.key, rate, Math.max) ?? 0;
    const ratio = without > 0 ? round(withMetrics / without) : 0;
    const cpu = (result: ScenarioResult) => result.serverCpuMicrosPerRequest;
    const cpuOff = bestOf(off, read.key, cpu, Math.min);
    const cpuOn = bestOf(on, read.key, cpu, Math.min);
    return {
      key: read.key,
      name: read.name,
      off: without,
      on: withMetrics,
      ratio,
      cpuOff: cpuOff === null ? null : Math.round(cpuOff * 10) / 10,
      cpuOn: cpuOn === null ? null : Math.round(cpuOn * 10) / 10,
    };
  });
  if (on.some((results) => results.length > 0) && requestsCounted === 0)
    problems.push('With metrics on, GET /metrics counted no request: the metrics were not at work');
  const mean = (values: number[]) =>
    values.length ? round(values.reduce((sum, v) => sum + v, 0) / values.length) : null;
  const ratio = mean(results.filter((read) => read.off > 0 && read.on > 0).map((read) => read.ratio));
  const cpuShare = mean(results.flatMap((read) => (read.cpuOff && read.cpuOn ? [read.cpuOff / read.cpuOn] : [])));
  return { reads: results, ratio, cpuShare, requestsCounted };
}

/** The requests the server's metrics counted, read from its exposition text. */
async function countedRequests(baseUrl: string, token: string): Promise<number> {
  const response = await fetch(new URL('/metrics', baseUrl), { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /metrics answered ${response.status}`);
  let counted = 0;
  for (const line of (await response.text()).split('\n')) {
    const sample = /^tutorly_http_request_duration_seconds_count\{[^}]*\} (\S+)$/.exec(line);
    if (sample) counted += Number(sample[1]);
  }
  return counted;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/**
 * Two instances on the one PostgreSQL database, each read split across them while the writer
 * posts through both; alongside, the check that a review posted through one shows on the other.
 */
export async function measureTwoInstances(
  setup: ServerSetup,
  reads: readonly LoadScenario[],
  load: LoadSettings,
  writes: WriteLoad,
  visibility: Omit<VisibilityCheck, 'instances'>,
  problems: string[],
): Promise<TwoInstanceRun> {
  console.log(`\nTwo instances on one database, the load split across them, ${writes.ratePerSecond} reviews/s posted:`);
  // One after the other: the first applies any pending migration alone.
  const instances: StartedServer[] = [await startBenchServer(setup, 'instance-a')];
  try {
    instances.push(await startBenchServer(setup, 'instance-b'));
    const [a, b] = instances as [StartedServer, StartedServer];
    const visible = checkVisibility({ ...visibility, instances: [a.url, b.url] });
    // Settled whatever the load does, so a failing check is reported, never left unhandled.
    const visibilityOutcome = visible.then(
      (result) => ({ result }),
      (err: unknown) => ({ error: err instanceof Error ? err.message : String(err) }),
    );
    const runs: MixedRun[] = [];
    for (const read of reads) {
      if (instances.some((instance) => instance.exitStatus() !== null)) break;
      runs.push(await measureWhileWriting(instances, read, load, writes));
    }
    const outcome = await visibilityOutcome;
    if ('error' in outcome) throw new Error(`The visibility check could not run: ${outcome.error}`);
    return { runs, visibility: outcome.result };
  } finally {
    for (const stopped of await Promise.all(instances.map(stopServer))) problems.push(...stopped);
  }
}
