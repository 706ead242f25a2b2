/**
 * `npm run lighthouse`: Lighthouse alone, several times, on the pages `npm run bench` audits and
 * on its dataset, each run printed and then each page's median. For work on the web app's speed,
 * where one run's score moves by several points on a shared machine and a whole benchmark takes
 * half an hour; `npm run bench` stays the judge of the targets.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readCommandLine, wholeNumberOption } from './command-line';
import { type DatabaseTarget, prepareDataset } from './bench/dataset';
import { lighthousePages, type LighthouseScores, medianScores, runLighthouse } from './bench/lighthouse';
import { datasetLocation, DEFAULT_SIZE, SMALL_SIZE, sizeText } from './bench/options';
import { printLighthouse } from './bench/report';
import { startBenchServer, stopServer } from './bench/runs';
import { sessionCookie } from './bench/scenarios';
import { buildWeb, webBuildStaleness } from './bench/web-build';

const USAGE = `Usage: npm run lighthouse -- [options]

Runs Lighthouse's mobile audit of the landing page, the tutor list and a popular tutor's profile
(signed in as a student) several times against a server on the benchmark's dataset, as
npm run bench does once; prints each run and each page's median.

  --runs <n>               runs of the three pages, light and dark (default 5, at most 20)
  --small                  the benchmark's CI-sized dataset (${sizeText(SMALL_SIZE)})
  --database-url <url>     the dataset in this PostgreSQL database (or DATABASE_URL), as npm run bench
  --data-dir <folder>      the embedded dataset kept here by npm run bench --data-dir
                           (default: a temporary folder, generated and removed afterwards)
  --help                   show this text`;

interface LighthouseOptions {
  runs: number;
  small: boolean;
  databaseUrl?: string;
  dataDir?: string;
}

function parseLighthouseOptions(args: string[], env: NodeJS.ProcessEnv = process.env): LighthouseOptions | 'help' {
  const { values } = parseArgs({
    args,
    options: {
      runs: { type: 'string' },
      small: { type: 'boolean' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return 'help';
  return {
    runs: wholeNumberOption('--runs', values.runs, 5, 1, 20),
    small: values.small ?? false,
    ...datasetLocation(values, env),
  };
}

async function main(): Promise<number> {
  const options = readCommandLine((args) => parseLighthouseOptions(args), USAGE);
  if (typeof options === 'number') return options;
  const temporaryDataDir =
    !options.databaseUrl && !options.dataDir ? await mkdtemp(path.join(os.tmpdir(), 'tutorly-lighthouse-')) : undefined;
  const dataDir = options.dataDir ?? temporaryDataDir;
  const logFolder = await mkdtemp(path.join(os.tmpdir(), 'tutorly-lighthouse-logs-'));
  try {
    const target: DatabaseTarget = options.databaseUrl
      ? { kind: 'postgres', url: options.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(dataDir!, 'db') };
    const { fixtures } = await prepareDataset(target, options.small ? SMALL_SIZE : DEFAULT_SIZE, (line) =>
      console.log(line),
    );
    const stale = webBuildStaleness();
    if (stale) {
      console.log(`Building the web app (${stale})...`);
      await buildWeb();
    }
    const server = await startBenchServer({ databaseUrl: options.databaseUrl, dataDir, logFolder }, 'server');
    const runs: LighthouseScores[][] = [];
    try {
      for (let run = 1; run <= options.runs; run++) {
        console.log(`\nRun ${run} of ${options.runs}`);
        const scores = await runLighthouse({
          baseUrl: server.url,
          cookie: sessionCookie(fixtures.readerTokens[0]!),
          pages: lighthousePages(fixtures.popularTutorId),
        });
        printLighthouse(scores);
        runs.push(scores);
      }
    } finally {
      const problems = await stopServer(server);
      for (const problem of problems) console.error(problem);
    }
    console.log(`\nMedians of ${runs.length} runs`);
    printLighthouse(medianScores(runs));
    return 0;
  } finally {
    if (temporaryDataDir) await rm(temporaryDataDir, { recursive: true, force: true });
    await rm(logFolder, { recursive: true, force: true });
  }
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(`Lighthouse could not run: ${err instanceof Error ? err.message : String(err)}`);
  return 1;
});
