/**
 * `npm run soak`: mixed traffic (browse, search, profile, submit, edit, sign-in) at a Tutorly
 * server on this machine for a set time, then the requests, errors, latencies and the server's
 * memory at start and end. Exits 1 on any error. `npm run soak -- --help` lists the options.
 */
import { randomBytes } from 'node:crypto';
import { readCommandLine } from './command-line';
import { UnexpectedAnswerError } from './soak/client';
import { parseOptions, USAGE } from './soak/options';
import { mib, printReport, seconds, tooManyRequestsAdvice } from './soak/report';
import { MemoryWatch, startServer, type StartedServer } from './server-process';
import { TrafficRecorder } from './soak/stats';
import { checkWrites, driveTraffic, seedSite, type Site, type WrittenReviews } from './soak/traffic';

const PROGRESS_EVERY_MS = 10_000;
const MEMORY_SAMPLE_EVERY_MS = 1_000;
const PROBLEMS_SHOWN = 10;

/** The first SIGINT or SIGTERM ends the traffic early and still reports; a second one quits at once. */
let stopSignal: string | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopSignal) process.exit(130);
    stopSignal = signal;
    console.log(`\n${signal}: stopping the traffic (again to quit at once)`);
  });
}

async function main(): Promise<number> {
  const options = readCommandLine(parseOptions, USAGE);
  if (typeof options === 'number') return options;

  console.log('Tutorly soak test');
  let server: StartedServer | undefined;
  try {
    let target: { url: string; adminEmail: string; adminPassword: string };
    if (options.target) {
      target = options.target;
      const ready = await fetch(`${target.url}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (!ready) throw new Error(`${target.url}/readyz does not answer 200: is the server running?`);
      console.log(`  target: ${target.url} (a running server; the seeded tutors and students stay in its database)`);
    } else {
      server = await startServer({ databaseUrl: options.databaseUrl });
      target = server;
      console.log(`  target: ${server.url} (started for this run, pid ${server.pid}, ${server.databaseDescription})`);
    }
    console.log(`  duration: ${options.durationSeconds} s, concurrency: ${options.concurrency}`);
    const memory = new MemoryWatch(server?.pid ?? options.target?.serverPid);
    memory.mark('startUp');

    const runId = randomBytes(3).toString('hex');
    const recorder = new TrafficRecorder();
    const seedingStarted = performance.now();
    const site = await seedSite({
      baseUrl: target.url,
      adminEmail: target.adminEmail,
      adminPassword: target.adminPassword,
      tutorCount: options.tutors,
      studentCount: options.concurrency,
      runId,
      recorder,
    });
    console.log(
      `Seeded ${site.tutors.length} tutors and ${site.students.length} students (run ${runId}) in ${seconds(performance.now() - seedingStarted)} s`,
    );

    const serverGone = () => server !== undefined && server.exitStatus() !== null;
    const { written, trafficMs } = await runTraffic(site, recorder, memory, options.durationSeconds, serverGone);

    // Found after the traffic; each counts as one error, next to the requests that failed.
    const problems: string[] = [];
    let checked: string | undefined;
    const exitedDuringRun = serverGone();
    if (exitedDuringRun) {
      problems.push(
        `the server exited during the run (${server!.exitStatus()}); its last lines:\n${server!.lastLogLines().join('\n') || '(none)'}`,
      );
    } else {
      const check = await checkWrites(site, written);
      problems.push(...check.problems);
      checked = `Writes checked: the review counts of ${check.students} students and the counts and averages of ${check.tutors} tutors ${check.problems.length ? 'do not all' : 'all'} match what the server accepted`;
    }
    if (server) {
      const howItEnded = await server.stop();
      if (howItEnded !== 'code 0' && !exitedDuringRun)
        problems.push(`the server did not stop cleanly on SIGTERM (${howItEnded})`);
      problems.push(...server.loggedErrors.map((line) => `the server logged an error: ${line.slice(0, 400)}`));
      server = undefined;
    }

    printReport(recorder, trafficMs, memory, { external: options.target !== undefined });
    if (checked) console.log(checked);
    for (const problem of problems.slice(0, PROBLEMS_SHOWN)) console.log(`  ${problem}`);
    if (problems.length > PROBLEMS_SHOWN) console.log(`  ...and ${problems.length - PROBLEMS_SHOWN} more`);
    const errors = recorder.totalErrors + problems.length;
    console.log(`Errors: ${errors}`);
    if (stopSignal) console.log(`Stopped early by ${stopSignal} after ${seconds(trafficMs)} s.`);
    console.log(`Result: ${errors === 0 ? 'PASS' : 'FAIL'}`);
    return errors > 0 ? 1 : stopSignal ? 130 : 0;
  } catch (err) {
    console.error(`The soak could not run: ${err instanceof Error ? err.message : String(err)}`);
    if (err instanceof UnexpectedAnswerError && err.status === 429)
      console.error(tooManyRequestsAdvice(options.target !== undefined));
    return 1;
  } finally {
    await server?.stop();
  }
}

/** The traffic phase, with a progress line every 10 s and the server's memory sampled every second. */
async function runTraffic(
  site: Site,
  recorder: TrafficRecorder,
  memory: MemoryWatch,
  durationSeconds: number,
  serverGone: () => boolean,
): Promise<{ written: WrittenReviews; trafficMs: number }> {
  console.log(`Running mixed traffic for ${durationSeconds} s...`);
  memory.mark('trafficStart');
  const started = performance.now();
  const deadline = started + durationSeconds * 1000;
  const sampler = setInterval(() => memory.now(), MEMORY_SAMPLE_EVERY_MS);
  const progress = setInterval(() => {
    const elapsed = performance.now() - started;
    const rss = memory.now();
    console.log(
      `  ${seconds(elapsed, 0).padStart(5)} s: ${recorder.totalRequests} requests (${Math.round(recorder.totalRequests / (elapsed / 1000))}/s), ` +
        `${recorder.totalErrors} errors${rss === undefined ? '' : `, server RSS ${mib(rss)}`}`,
    );
  }, PROGRESS_EVERY_MS);
  try {
    const written = await driveTraffic(
      site,
      recorder,
      () => performance.now() >= deadline || stopSignal !== undefined || serverGone(),
    );
    return { written, trafficMs: performance.now() - started };
  } finally {
    clearInterval(sampler);
    clearInterval(progress);
    memory.mark('end');
  }
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(`The soak could not run: ${err instanceof Error ? err.message : String(err)}`);
  return 1;
});
