/**
 * `npm run bench`: a university-sized dataset, the real server on it, and its requests per
 * second and latencies for the main pages' API calls next to a bare Fastify hello-world on the
 * same machine; the reads again while reviews are posted, with the read cache off, with
 * Prometheus metrics on, and on two instances; Lighthouse scores of three pages, in the light theme and the dark; the issues' targets. Prints tables, writes JSON.
 * Exits 1 on any error; with --strict also on a missed target. `--help` lists the options.
 */
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readCommandLine } from './command-line';
import { repositoryRoot } from './repository-root';
import { type DatabaseTarget, ForeignDatabaseError, prepareDataset, type PreparedDataset } from './bench/dataset';
import type { LighthouseScores } from './bench/lighthouse';
import { FirstReviews } from './bench/first-reviews';
import { type LoadSettings, type ScenarioResult, startHelloWorld } from './bench/load';
import { type BenchOptions, DEFAULT_SIZE, parseOptions, sizeText, USAGE } from './bench/options';
import {
  evaluateTargets,
  type LoggingCost,
  machineDescription,
  type MetricsCost,
  type MixedRun,
  printLighthouse,
  printMetricsCost,
  printMixedTable,
  printScenarioTable,
  printTargets,
  printVisibility,
  type TwoInstanceRun,
} from './bench/report';
import {
  failedRequests,
  measureAndShow,
  measureLoggingCost,
  measureMetricsCost,
  measureTwoInstances,
  measureWhileWriting,
  measureWithCacheOff,
  SERVER_LOG_LEVEL,
  type ServerSetup,
  startBenchServer,
  stopServer,
} from './bench/runs';
import { feedPaths, HELLO_WORLD, readScenarios, sessionCookie, submissionScenario } from './bench/scenarios';
import type { WriteLoad } from './bench/steady-writer';
import { buildWeb, webBuildStaleness } from './bench/web-build';
import type { StartedServer } from './server-process';
import { mib } from './soak/report';

const PROBLEMS_SHOWN = 10;
/** Reviews posted through one instance and looked for on the other in the two-instance run. */
const VISIBILITY_TRIES = 20;
/** A 1-minute load average above this per core means something else is using the machine. */
const BUSY_LOAD_PER_CORE = 0.5;

// Servers run in process groups of their own; exiting through here lets their clean-up kill them.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.log(`\n${signal}: stopping`);
    process.exit(130);
  });
}

async function main(): Promise<number> {
  const options = readCommandLine(parseOptions, USAGE);
  if (typeof options === 'number') return options;

  const startedAt = new Date();
  const loadAtStart = os.loadavg()[0]!;
  const engine = options.databaseUrl ? 'postgres' : 'pglite';
  const temporaryDataDir =
    engine === 'pglite' && !options.dataDir ? await mkdtemp(path.join(os.tmpdir(), 'tutorly-bench-')) : undefined;
  const dataDir = options.dataDir ?? temporaryDataDir;
  // Each server the run starts writes its own log here.
  const logFolder = await mkdtemp(path.join(os.tmpdir(), 'tutorly-bench-logs-'));
  // Ctrl+C or a deadline ends the run through process.exit, past the clean-up in `finally`: the
  // temporary dataset (hundreds of megabytes at the default size) and logs must not stay behind.
  const removeTemporaryFolders = () => {
    if (temporaryDataDir) rmSync(temporaryDataDir, { recursive: true, force: true });
    rmSync(logFolder, { recursive: true, force: true });
  };
  process.once('exit', removeTemporaryFolders);
  const setup: ServerSetup = { databaseUrl: options.databaseUrl, dataDir, logFolder };
  const problems: string[] = [];
  let server: StartedServer | undefined;
  try {
    console.log(
      `Tutorly benchmark: ${sizeText(options.size)} on ${engine === 'postgres' ? 'PostgreSQL' : `the embedded database in ${dataDir}`}`,
    );
    if (loadAtStart > BUSY_LOAD_PER_CORE * os.availableParallelism()) {
      console.log(
        `Note: the machine is busy (load average ${loadAtStart.toFixed(1)} on ${os.availableParallelism()} cores); figures will be lower and noisier than on a quiet one.`,
      );
    }
    const target: DatabaseTarget = options.databaseUrl
      ? { kind: 'postgres', url: options.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(dataDir!, 'db') };
    const dataset = await prepareDataset(target, options.size, (line) => console.log(line));
    const { fixtures } = dataset;

    if (!options.skipLighthouse) {
      const stale = webBuildStaleness();
      if (stale) {
        console.log(`Building the web app (${stale})...`);
        await buildWeb();
      }
    }

    const load: LoadSettings = {
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      warmUpSeconds: options.warmUpSeconds,
    };
    console.log(
      `\nMeasuring at ${load.connections} connections, ${load.durationSeconds} s per scenario after ${load.warmUpSeconds} s of warm-up`,
    );
    const ceilingRuns = [await measureHelloWorld(load)];
    const scenarios: ScenarioResult[] = [];
    const firstReviews = new FirstReviews(fixtures.writerTokens.map(sessionCookie));
    const writes: WriteLoad = { ratePerSecond: options.writeRate, tutorIds: fixtures.profileTutorIds, firstReviews };
    const mixed: MixedRun[] = [];

    server = await startBenchServer(setup, 'server');
    const reads = readScenarios(fixtures, await feedPaths(server.url, fixtures.readerTokens[0]!));
    for (const scenario of [...reads, submissionScenario(fixtures, server.url, firstReviews)]) {
      if (server.exitStatus() !== null) break;
      scenarios.push(await measureAndShow(server.url, scenario, load, server.pid));
    }
    if (!options.skipMixed) {
      console.log(
        `\nEach read again while ${options.writeRate} reviews/s are posted (first reviews of the tutors whose profiles the reads open):`,
      );
      for (const read of reads) {
        if (server.exitStatus() !== null) break;
        mixed.push(await measureWhileWriting([server], read, load, writes));
      }
    }

    let lighthouse: LighthouseScores[] | null = null;
    if (!options.skipLighthouse && server.exitStatus() === null) {
      console.log('\nRunning Lighthouse (mobile) on three pages, light and dark...');
      try {
        // Loaded only when it runs: Lighthouse is a large package, and most runs leave it out.
        const { lighthousePages, runLighthouse } = await import('./bench/lighthouse');
        lighthouse = await runLighthouse({
          baseUrl: server.url,
          cookie: sessionCookie(fixtures.readerTokens[0]!),
          pages: lighthousePages(fixtures.popularTutorId),
        });
      } catch (err) {
        problems.push(`Lighthouse could not run: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    problems.push(...(await stopServer(server)));
    server = undefined;

    const tutorList = scenarios.find((scenario) => scenario.key === reads[0]!.key);
    const loggingCost: LoggingCost | null =
      tutorList && !options.skipLogging ? await measureLoggingCost(setup, reads[0]!, tutorList, load, problems) : null;
    const metricsCost: MetricsCost | null = options.skipMetrics
      ? null
      : await measureMetricsCost(setup, reads, load, problems);
    const cacheOff = options.skipCacheOff ? [] : await measureWithCacheOff(setup, reads, load, problems);
    const twoInstances: TwoInstanceRun | null =
      engine === 'postgres' && !options.skipTwoInstances
        ? await measureTwoInstances(
            setup,
            reads,
            load,
            writes,
            {
              // From the least popular end of the profiles, where the steady writer rarely posts at the same moment.
              tutorIds: [...fixtures.profileTutorIds].reverse(),
              readerCookies: fixtures.readerTokens.map(sessionCookie),
              firstReviews,
              tries: VISIBILITY_TRIES,
            },
            problems,
          )
        : null;

    // Once more at the end, and the better of the two counts: a busy moment on the machine must not lower the ceiling.
    if (!options.skipSecondCeiling) {
      console.log('\nThe hello-world again:');
      ceilingRuns.push(await measureHelloWorld(load));
    }
    const ceiling = ceilingRuns.reduce((best, run) => (run.requestsPerSecond > best.requestsPerSecond ? run : best));
    const readOnly = new Map(scenarios.map((scenario) => [scenario.key, scenario.requestsPerSecond]));
    const mixedRuns = [...mixed, ...(twoInstances?.runs ?? [])];
    for (const run of mixedRuns) {
      const alone = readOnly.get(run.read.key);
      if (alone) run.shareOfReadOnly = round(run.read.requestsPerSecond / alone);
    }
    const serverReads = [...scenarios, ...mixedRuns.map((run) => run.read), ...cacheOff];
    for (const scenario of serverReads) {
      if (ceiling.requestsPerSecond > 0)
        scenario.ratioToCeiling = round(scenario.requestsPerSecond / ceiling.requestsPerSecond);
    }
    for (const run of [...ceilingRuns, ...serverReads, ...mixedRuns.map((run) => run.writes)])
      if (run.errors > 0) problems.push(failedRequests(run));
    if (twoInstances?.visibility.notShown)
      problems.push(
        `${twoInstances.visibility.notShown} of ${twoInstances.visibility.tries} reviews posted through one instance did not show on the other within ${twoInstances.visibility.giveUpMs / 1000} s`,
      );
    const serverScenarios = [...scenarios];
    scenarios.unshift(ceiling);
    // The server as configured, under load: the read-only scenarios, submission and the mixed runs.
    const serverRssPeakBytes =
      Math.max(0, ...[...serverScenarios, ...mixed.map((run) => run.read)].map((result) => result.rssPeakBytes ?? 0)) ||
      null;
    const targetsJudged = options.sizeName === 'default';
    const targets = evaluateTargets(engine, {
      scenarios: serverScenarios,
      mixed,
      cacheOff,
      twoInstances,
      metricsCost,
      serverRssPeakBytes,
      lighthouse,
    });
    const missed = targets.filter((check) => !check.pass).length;
    const skipped = [
      ...(options.skipMixed ? ['--skip-mixed'] : []),
      ...(options.skipCacheOff ? ['--skip-cache-off'] : []),
      ...(options.skipMetrics ? ['--skip-metrics'] : []),
      ...(engine === 'postgres' && options.skipTwoInstances ? ['--skip-two-instances'] : []),
      ...(options.skipLighthouse ? ['--skip-lighthouse'] : []),
      ...(options.skipLogging ? ['--skip-logging'] : []),
      ...(options.skipSecondCeiling ? ['--skip-second-ceiling'] : []),
    ];

    console.log(
      `\nResults (${sizeText(options.size)}, ${engine === 'postgres' ? dataset.engine.version.split(' on ')[0] : `PGlite ${dataset.engine.pgliteVersion}`})`,
    );
    printScenarioTable(scenarios);
    console.log(
      `Server memory (RSS) peak under load: ${serverRssPeakBytes === null ? 'not measured' : mib(serverRssPeakBytes)}`,
    );
    if (loggingCost) {
      console.log(
        `Request logging: ${loggingCost.scenario} answers ${loggingCost.debug.requestsPerSecond} req/s at LOG_LEVEL=debug (a line per request) ` +
          `against ${loggingCost.info.requestsPerSecond} at info (${loggingCost.costPercent}% of throughput spent on those lines)`,
      );
    }
    if (mixed.length) {
      console.log(
        `\nWhile ${options.writeRate} reviews/s are posted (share of the same read alone; the posts' rate and p99)`,
      );
      printMixedTable(mixed);
    }
    if (metricsCost) {
      console.log(
        '\nWith Prometheus metrics off and on (METRICS_TOKEN set), each the better of two servers started alike',
      );
      printMetricsCost(metricsCost);
    }
    if (cacheOff.length) {
      console.log('\nWith the read cache off (READ_CACHE=off)');
      printScenarioTable(cacheOff);
    }
    if (twoInstances) {
      console.log(
        `\nTwo instances on one database, the load split across them, ${options.writeRate} reviews/s posted (req/s of both; share of one instance's read alone; the worse instance's p99)`,
      );
      printMixedTable(twoInstances.runs);
      printVisibility(twoInstances.visibility);
    }
    if (lighthouse) {
      console.log('\nLighthouse (mobile)');
      printLighthouse(lighthouse);
    }
    console.log(
      targetsJudged
        ? '\nTargets'
        : `\nTargets (informational: they apply at the default size, ${sizeText(DEFAULT_SIZE)})`,
    );
    printTargets(targets, targetsJudged);
    if (skipped.length) console.log(`  (not measured: ${skipped.join(', ')})`);

    const out =
      options.out ??
      path.join(
        repositoryRoot,
        'bench-results',
        `${engine}-${options.sizeName}-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`,
      );
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(
      out,
      `${JSON.stringify(
        {
          startedAt: startedAt.toISOString(),
          finishedAt: new Date().toISOString(),
          options: { ...options, databaseUrl: options.databaseUrl ? withoutPassword(options.databaseUrl) : undefined },
          machine: { ...machineDescription(), loadAverage: { atStart: loadAtStart, atEnd: os.loadavg()[0] } },
          database: dataset.engine,
          dataset: datasetSummary(dataset, options),
          server: { logLevel: SERVER_LOG_LEVEL, rssPeakBytes: serverRssPeakBytes },
          scenarios,
          mixed: options.skipMixed ? null : { writeRate: options.writeRate, runs: mixed },
          cacheOff: options.skipCacheOff ? null : cacheOff,
          metricsCost,
          twoInstances: twoInstances && { writeRate: options.writeRate, ...twoInstances },
          skipped,
          ceilingRuns: ceilingRuns.map((run) => ({
            requestsPerSecond: run.requestsPerSecond,
            p99Ms: run.latencyMs.p99,
          })),
          loggingCost,
          lighthouse,
          targets: { judged: targetsJudged, missed, checks: targets },
          errors: problems.length,
          problems,
          result: problems.length ? 'fail' : 'pass',
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nResults written to ${path.relative(process.cwd(), out) || out}`);

    showProblems(problems);
    if (problems.length) {
      console.log('Result: FAIL (errors)');
      return 1;
    }
    const missedJudged = targetsJudged ? missed : 0;
    if (missedJudged && options.strict) {
      console.log(`Result: FAIL (${missed} targets missed)`);
      return 1;
    }
    console.log(`Result: PASS${missedJudged ? ` (${missed} targets missed; --strict fails on them)` : ''}`);
    return 0;
  } catch (err) {
    if (err instanceof ForeignDatabaseError) console.error(err.message);
    else
      console.error(`The benchmark could not run: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    showProblems(problems);
    return 1;
  } finally {
    if (server) await server.stop();
    process.off('exit', removeTemporaryFolders);
    if (temporaryDataDir) await rm(temporaryDataDir, { recursive: true, force: true });
    if (problems.length === 0) await rm(logFolder, { recursive: true, force: true });
    else console.log(`The servers' logs: ${logFolder}`);
  }
}

async function measureHelloWorld(load: LoadSettings): Promise<ScenarioResult> {
  const hello = await startHelloWorld();
  try {
    return await measureAndShow(hello.url, HELLO_WORLD, load, hello.pid);
  } finally {
    await hello.stop();
  }
}

function datasetSummary(dataset: PreparedDataset, options: BenchOptions) {
  const matches = dataset.fixtures.searchPrefixes.map((search) => search.matches).sort((a, b) => a - b);
  return {
    size: options.size,
    sizeName: options.sizeName,
    origin: dataset.origin,
    generatedAt: dataset.generatedAt,
    generationSeconds: dataset.generationSeconds,
    generationSteps: dataset.generationSteps,
    counts: dataset.counts,
    readerSessions: dataset.fixtures.readerTokens.length,
    writerSessions: dataset.fixtures.writerTokens.length,
    profileTutors: dataset.fixtures.profileTutorIds.length,
    searchPrefixes: {
      count: matches.length,
      tutorsFound: { min: matches[0], median: matches[Math.floor(matches.length / 2)], max: matches.at(-1) },
      examples: dataset.fixtures.searchPrefixes.slice(0, 10),
    },
  };
}

function showProblems(problems: string[]): void {
  if (!problems.length) return;
  console.log(`\nErrors (${problems.length}):`);
  for (const problem of problems.slice(0, PROBLEMS_SHOWN)) console.log(`  ${problem}`);
  if (problems.length > PROBLEMS_SHOWN)
    console.log(`  ...and ${problems.length - PROBLEMS_SHOWN} more (all in the JSON)`);
}

function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(`The benchmark could not run: ${err instanceof Error ? err.message : String(err)}`);
  return 1;
});
