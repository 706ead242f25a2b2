import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { FirstReviews } from '../../tools/bench/first-reviews';
import type { LighthouseScores } from '../../tools/bench/lighthouse';
import type { ScenarioResult } from '../../tools/bench/load';
import { type DatasetSize, parseOptions, SMALL_SIZE } from '../../tools/bench/options';
import { UsageError } from '../../tools/command-line';
import type { MetricsCost, MixedRun, TwoInstanceRun } from '../../tools/bench/report';
import { runTool } from '../helpers/tool-process';
import { openTestDatabase, testDatabaseEngine } from '../helpers/database';
import { migratedEmbeddedDataDir } from '../helpers/embedded-data-dir';
import { FULL_TIER_ONLY, fullTier } from '../helpers/test-tier';

// `npm run bench` as a person runs it, a second per scenario: its own dataset, server and
// hello-world, real load, its JSON. `npm test` runs the scenarios alone on a dataset a tenth of
// the CI size with no warm-up (the smoke form: every scenario answers, without an error);
// `npm run test:full`, at the CI size, also every comparison: the reads while reviews are posted,
// with the read cache off, with metrics on, on two instances on PostgreSQL, with every request
// logged, the hello-world measured again at the end, and Lighthouse.

const benchScript = 'tools/bench.ts';
/** Every query and page still has rows to read and tutors to review; generated in about a second. */
const SMOKE_SIZE: DatasetSize = { tutors: 40, reviews: 1_500, students: 300 };
const engine = testDatabaseEngine();
const cleanUps: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

async function temporaryFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tutorly-bench-test-'));
  cleanUps.push(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

/** On PostgreSQL the benchmark gets an empty database of its own; on PGlite it makes its embedded one. */
async function databaseArgs(): Promise<string[]> {
  if (engine !== 'postgres') return [];
  const database = await openTestDatabase();
  cleanUps.push(() => database.close());
  return ['--database-url', database.url!];
}

interface BenchJson {
  scenarios: ScenarioResult[];
  mixed: { writeRate: number; runs: MixedRun[] } | null;
  cacheOff: ScenarioResult[] | null;
  metricsCost: MetricsCost | null;
  twoInstances: (TwoInstanceRun & { writeRate: number }) | null;
  dataset: { counts: { tutors: number; reviews: number; students: number }; origin: string };
  server: { rssPeakBytes: number | null };
  loggingCost: { info: { requestsPerSecond: number }; debug: { requestsPerSecond: number } } | null;
  ceilingRuns: { requestsPerSecond: number }[];
  skipped: string[];
  lighthouse: LighthouseScores[] | null;
  targets: { judged: boolean; checks: { target: string; pass: boolean }[] };
  errors: number;
}

const readKeys = ['tutor-list', 'tutor-search', 'tutor-profile', 'all-reviews'];
const scenarioKeys = ['hello-world', ...readKeys, 'submit-review'];

/** A run that answered, without a single failure. */
function expectMeasured(result: ScenarioResult, what: string): void {
  expect(result.requests, what).toBeGreaterThan(0);
  expect(result.errors, `${what}: ${result.errorSamples.join('; ')}`).toBe(0);
  expect(result.latencyMs.p99, what).toBeGreaterThan(0);
}

/** Each read again while the steady writer posted its reviews, every one answered 201. */
function expectMixedRuns(runs: MixedRun[], readOnly: ScenarioResult[], what: string): void {
  expect(runs.map((run) => run.read.key)).toEqual(readKeys);
  for (const { read, writes, shareOfReadOnly } of runs) {
    expectMeasured(read, `${what} ${read.key}`);
    expectMeasured(writes, `${what} ${read.key}: the posts`);
    expect(Object.keys(writes.statusCodes), `${what} ${read.key}: the posts`).toEqual(['201']);
    const alone = readOnly.find((scenario) => scenario.key === read.key)!;
    expect(shareOfReadOnly, `${what} ${read.key}`).toBeCloseTo(read.requestsPerSecond / alone.requestsPerSecond, 2);
  }
}

/** The scenarios of a run that answered them all: the ceiling first, each read, the posts. */
function expectScenarios(result: BenchJson, output: string, size: DatasetSize): void {
  expect(result.errors).toBe(0);
  expect(result.dataset.origin).toBe('generated');
  expect(result.dataset.counts).toMatchObject(size);
  expect(result.scenarios.map((scenario) => scenario.key)).toEqual(scenarioKeys);
  const ceiling = result.scenarios[0]!;
  expect(ceiling.kind).toBe('ceiling');
  expect(ceiling.requestsPerSecond).toBeGreaterThan(0);
  for (const scenario of result.scenarios) {
    expect(scenario.requests, scenario.key).toBeGreaterThan(0);
    expect(scenario.errors, `${scenario.key}: ${scenario.errorSamples.join('; ')}`).toBe(0);
    expect(scenario.latencyMs.p99, scenario.key).toBeGreaterThan(0);
    // Every table row is also printed.
    expect(output).toContain(`  ${scenario.name}`);
    if (scenario.kind === 'ceiling') continue;
    expect(scenario.ratioToCeiling, scenario.key).toBeCloseTo(
      scenario.requestsPerSecond / ceiling.requestsPerSecond,
      2,
    );
    expect(scenario.rssPeakBytes, scenario.key).toBeGreaterThan(20 * 1024 * 1024);
  }
  expect(result.server.rssPeakBytes).toBeGreaterThan(20 * 1024 * 1024);
  // Targets are stated for the default size: at the CI size they are shown, not judged.
  expect(result.targets.judged).toBe(false);
  expect(result.targets.checks.length).toBeGreaterThan(0);
  expect(output).toMatch(/^Targets \(informational/m);
}

/** A run of a second per scenario with these options, which passed; its output and JSON. */
async function passingRun(options: string[], timeoutMs: number): Promise<{ output: string; result: BenchJson }> {
  const out = path.join(await temporaryFolder(), 'bench.json');
  const run = await runTool(
    benchScript,
    ['--duration', '1', '--out', out, ...options, ...(await databaseArgs())],
    timeoutMs,
  );
  expect(run.code, run.output).toBe(0);
  expect(run.output).toMatch(/^Result: PASS/m);
  return { output: run.output, result: JSON.parse(await readFile(out, 'utf8')) as BenchJson };
}

describe(`npm run bench on ${engine}`, () => {
  // Lighthouse needs only one engine: the pages are the same whatever the database.
  const withLighthouse = engine === 'pglite';

  it(
    'measures every scenario against the hello-world ceiling and reports no errors (smoke form)',
    { timeout: 240_000 },
    async () => {
      const skipped = [
        '--skip-mixed',
        '--skip-cache-off',
        '--skip-metrics',
        ...(engine === 'postgres' ? ['--skip-two-instances'] : []),
        '--skip-lighthouse',
        '--skip-logging',
        '--skip-second-ceiling',
      ];
      const size = ['--tutors', '--reviews', '--students'].flatMap((flag) => [
        flag,
        String(SMOKE_SIZE[flag.slice(2) as keyof DatasetSize]),
      ]);
      const run = await passingRun([...size, '--warm-up', '0', ...skipped], 200_000);
      const { result } = run;
      expectScenarios(result, run.output, SMOKE_SIZE);
      expect(run.output).toMatch(/^Measuring at 32 connections, 1 s per scenario after 0 s of warm-up$/m);
      // What was left out is left out of the report too, not shown as zeros, and named as left out.
      expect(result.mixed).toBeNull();
      expect(result.cacheOff).toBeNull();
      expect(result.metricsCost).toBeNull();
      expect(result.twoInstances).toBeNull();
      expect(result.lighthouse).toBeNull();
      expect(result.loggingCost).toBeNull();
      expect(result.ceilingRuns).toHaveLength(1);
      expect(result.skipped).toEqual(skipped);
      expect(run.output).toContain(`(not measured: ${skipped.join(', ')})`);
      expect(run.output).not.toMatch(/^While 20 reviews\/s are posted/m);
      expect(run.output).not.toMatch(/^Request logging:/m);
      expect(run.output).not.toMatch(/^The hello-world again:/m);
    },
  );

  // A server for each comparison (four for metrics alone), Lighthouse too: minutes on a busy machine.
  // CI runs it beside the other suites on two cores, where a loaded run has taken over 210 s (every
  // scenario measured again after a window with no answer), so the limit only catches a hang.
  it.runIf(fullTier)(
    `measures every scenario against the hello-world ceiling, alone, while reviews are posted, with the cache off, with metrics on and (PostgreSQL) on two instances, and reports no errors ${FULL_TIER_ONLY}`,
    { timeout: 480_000 },
    async () => {
      const run = await passingRun(['--small', ...(withLighthouse ? [] : ['--skip-lighthouse'])], 420_000);
      const { result } = run;
      expectScenarios(result, run.output, SMALL_SIZE);
      expect(run.output).toMatch(/^Measuring at 32 connections, 1 s per scenario after 1 s of warm-up$/m);
      expect(result.skipped).toEqual(withLighthouse ? [] : ['--skip-lighthouse']);

      // The tutor list again on a server that logs every request, and the ceiling measured twice.
      expect(result.loggingCost?.info.requestsPerSecond).toBe(result.scenarios[1]!.requestsPerSecond);
      expect(result.loggingCost?.debug.requestsPerSecond).toBeGreaterThan(0);
      expect(run.output).toMatch(/^Request logging: Tutor list .* at LOG_LEVEL=debug/m);
      expect(result.ceilingRuns).toHaveLength(2);
      expect(result.scenarios[0]!.requestsPerSecond).toBe(
        Math.max(...result.ceilingRuns.map((run) => run.requestsPerSecond)),
      );
      const readOnly = result.scenarios.filter((scenario) => scenario.kind === 'read');

      // The posts target the profiles the reads open; each is a first review, so all are 201s.
      expect(result.mixed?.writeRate).toBe(20);
      expectMixedRuns(result.mixed!.runs, readOnly, 'mixed');
      expect(run.output).toMatch(/^While 20 reviews\/s are posted/m);

      expect(result.cacheOff?.map((scenario) => scenario.key)).toEqual(readKeys);
      for (const scenario of result.cacheOff!) expectMeasured(scenario, `cache off ${scenario.key}`);
      expect(run.output).toMatch(/^With the read cache off \(READ_CACHE=off\)/m);

      // Each read on servers with metrics off and with them on, the requests counted by the latter,
      // and the server's CPU per request on both (read from /proc, which Linux has).
      expect(result.metricsCost?.reads.map((read) => read.key)).toEqual(readKeys);
      for (const read of result.metricsCost!.reads) {
        expect(read.off, `metrics off ${read.key}`).toBeGreaterThan(0);
        expect(read.on, `metrics on ${read.key}`).toBeGreaterThan(0);
        expect(read.ratio, `metrics on ${read.key}`).toBeCloseTo(read.on / read.off, 2);
        expect(read.cpuOff, `CPU per request, metrics off ${read.key}`).toBeGreaterThan(0);
        expect(read.cpuOn, `CPU per request, metrics on ${read.key}`).toBeGreaterThan(0);
      }
      expect(result.metricsCost!.requestsCounted).toBeGreaterThan(0);
      expect(run.output).toMatch(/^With Prometheus metrics off and on \(METRICS_TOKEN set\)/m);
      expect(result.metricsCost!.cpuShare).toBeGreaterThan(0);
      expect(run.output).toMatch(/^Metrics cost .* of what the server answers per CPU-second \(target: under 5\.0%\)/m);

      if (engine === 'postgres') {
        expectMixedRuns(result.twoInstances!.runs, readOnly, 'two instances');
        // A review posted through one instance shows on the other's profile within a second, every time.
        const { visibility } = result.twoInstances!;
        expect(visibility.tries).toBe(20);
        expect(visibility.notShown).toBe(0);
        expect(visibility.shownAfterMs).toHaveLength(20);
        expect(visibility.maxMs).toBeLessThanOrEqual(1000);
        expect(run.output).toMatch(/^Two instances on one database/m);
        expect(run.output).toMatch(
          /^A review posted through one instance showed on the other's profile after at most/m,
        );
      } else {
        // One process owns the embedded database.
        expect(result.twoInstances).toBeNull();
        expect(run.output).not.toMatch(/^Two instances/m);
      }

      expect(result.targets.checks.map((check) => check.target)).toContain(
        'Tutor list by rating while reviews are posted: p99 under ' + (engine === 'postgres' ? '25 ms' : '100 ms'),
      );

      if (withLighthouse) {
        // The three pages, then the same in the dark theme (accessibility and best practices only).
        const pages = ['Landing page', 'Tutor list', 'Tutor profile'];
        expect(result.lighthouse?.map((page) => page.name)).toEqual([
          ...pages,
          ...pages.map((name) => `${name}, dark`),
        ]);
        for (const page of result.lighthouse!) {
          const scores = [page.accessibility, page.bestPractices, ...(page.dark ? [] : [page.performance!])];
          expect(page.performance === null, page.name).toBe(page.dark === true);
          for (const score of scores) {
            expect(score, page.name).toBeGreaterThanOrEqual(0);
            expect(score, page.name).toBeLessThanOrEqual(100);
          }
        }
        expect(run.output).toMatch(/^ {2}Tutor profile, dark \(\/user\/tutorprofile\/:id\) +- +\d+ +\d+ +- +-$/m);
      } else {
        expect(result.lighthouse).toBeNull();
      }
    },
  );

  it('refuses a database that holds anything but a benchmark dataset', { timeout: 60_000 }, async () => {
    let databaseArg: string[];
    if (engine === 'postgres') {
      const database = await openTestDatabase();
      cleanUps.push(() => database.close());
      await database.db.execute(sql`insert into settings (key, value) values ('siteName', '"Our university"')`);
      databaseArg = ['--database-url', database.url!];
    } else {
      const dataDir = await temporaryFolder();
      // The run's migrated snapshot: creating and migrating a database took most of this test's time.
      await migratedEmbeddedDataDir(dataDir);
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      await database.db.execute(sql`insert into settings (key, value) values ('siteName', '"Our university"')`);
      await database.close();
      databaseArg = ['--data-dir', dataDir];
    }
    const refused = await runTool(
      benchScript,
      ['--small', '--duration', '1', '--skip-lighthouse', ...databaseArg],
      45_000,
    );
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toMatch(/holds data that is not a benchmark dataset \(rows in public\.settings\)/);
    expect(refused.output).not.toMatch(/Generating/);
  });
});

// What follows needs no database: it runs once, in the pglite project.

// The options as the command line's reader parses them (the soak's test runs that reader's exit
// code 2 and usage text as a process: bench.ts and soak.ts share it, tools/command-line.ts).
describe.runIf(engine === 'pglite')("the benchmark's options", () => {
  it('refuses a window, warm-up or write rate out of range, naming the bounds', () => {
    const refusal = (args: string[]) => {
      try {
        parseOptions(args, {});
      } catch (err) {
        if (err instanceof UsageError) return err.message;
        throw err;
      }
      return null;
    };
    expect(refusal(['--duration', '0'])).toBe('--duration must be a whole number from 1 to 600.');
    expect(refusal(['--duration', '1.5'])).toBe('--duration must be a whole number from 1 to 600.');
    expect(refusal(['--warm-up', '61'])).toBe('--warm-up must be a whole number from 0 to 60.');
    expect(refusal(['--write-rate', '0'])).toBe('--write-rate must be a whole number from 1 to 1000.');
    expect(refusal(['--database-url', 'mysql://db/bench'])).toBe(
      '--database-url (or DATABASE_URL) must be a postgres:// address.',
    );
    expect(() => parseOptions(['--skip-everything'], {})).toThrow(TypeError);
  });

  it('warms up for about a third of the window, from 1 to 5 s, unless told otherwise', () => {
    const warmUp = (args: string[]) =>
      (parseOptions(args, {}) as Exclude<ReturnType<typeof parseOptions>, 'help'>).warmUpSeconds;
    expect(warmUp(['--duration', '1'])).toBe(1);
    expect(warmUp([])).toBe(3);
    expect(warmUp(['--duration', '600'])).toBe(5);
    expect(warmUp(['--duration', '1', '--warm-up', '0'])).toBe(0);
    expect(warmUp(['--warm-up', '20'])).toBe(20);
  });

  it('leave out only what is asked: the logging comparison and the second ceiling run by default', () => {
    const options = parseOptions(['--small'], {});
    expect(options).toMatchObject({ skipLogging: false, skipSecondCeiling: false, sizeName: 'small' });
    expect(parseOptions(['--skip-logging', '--skip-second-ceiling'], {})).toMatchObject({
      skipLogging: true,
      skipSecondCeiling: true,
    });
  });
});

describe.runIf(engine === 'pglite')('the reviews the benchmark posts', () => {
  it('are each a first review of its tutor by its writer, however the scenarios take them', () => {
    const firstReviews = new FirstReviews(['w0', 'w1', 'w2']);
    expect(firstReviews.take(1, 'tutor-a')?.cookie).toBe('w1');
    expect(firstReviews.take(1, 'tutor-a')).toBeNull();
    // The steady writer's walk skips the writer the submission scenario used, and ends with the writers.
    expect([0, 1, 2].map(() => firstReviews.takeFor('tutor-a')?.cookie)).toEqual(['w0', 'w2', undefined]);
    expect(firstReviews.takeFor('tutor-b')?.review).toMatchObject({ tutorId: 'tutor-b', aiAssisted: false });
    expect(firstReviews.take(0, 'tutor-b')).toBeNull();
  });
});

describe.runIf(engine === 'pglite')('a measured window', () => {
  it('in which nothing was answered, because the machine stalled, is measured once more', async () => {
    const { createServer } = await import('node:http');
    const { measure } = await import('../../tools/bench/load');
    // Stalls for the whole first window (as a starved host does), then answers at once.
    const stalledUntil = Date.now() + 1_500;
    const server = createServer((_request, response) => {
      setTimeout(() => response.end('ok'), Math.max(0, stalledUntil - Date.now()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const result = await measure(
        `http://127.0.0.1:${port}`,
        { key: 'stalled', name: 'Stalled', kind: 'write', requests: [{ method: 'GET', path: '/' }] },
        { connections: 2, durationSeconds: 1, warmUpSeconds: 0 },
        undefined,
      );
      expect(result.requests).toBeGreaterThan(0);
      expect(result.errors).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe.runIf(engine === 'pglite')('the steady writer', () => {
  it("times the posts of the reads' measured window, not those of their warm-up", async () => {
    const { createServer } = await import('node:http');
    const { startSteadyWriter } = await import('../../tools/bench/steady-writer');
    // Posts answer slowly until the measured window opens (the reads' warm-up filling the server's memory).
    let warmingUp = true;
    const server = createServer((request, response) => {
      request.resume();
      const answer = () => {
        response.statusCode = request.method === 'POST' ? 201 : 200;
        response.end('{}');
      };
      if (request.method === 'POST' && warmingUp) setTimeout(answer, 500);
      else answer();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      const writer = await startSteadyWriter([`http://127.0.0.1:${port}`], {
        ratePerSecond: 20,
        tutorIds: Array.from({ length: 100 }, (_, i) => `tutor-${i}`),
        firstReviews: new FirstReviews(['tutorly_session=a', 'tutorly_session=b']),
      });
      await sleep(800);
      warmingUp = false;
      writer.startMeasuring();
      await sleep(1_000);
      const posted = await writer.stop();
      expect(posted.errors, posted.errorSamples.join('; ')).toBe(0);
      expect(posted.requests).toBeGreaterThanOrEqual(10);
      expect(posted.requests).toBeLessThanOrEqual(30);
      expect(posted.latencyMs.max).toBeLessThan(500);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
