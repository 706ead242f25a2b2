import path from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError, wholeNumberOption } from '../command-line';

export interface DatasetSize {
  tutors: number;
  reviews: number;
  students: number;
}

/** A university: the size the targets are stated for. */
export const DEFAULT_SIZE: DatasetSize = { tutors: 20_000, reviews: 1_000_000, students: 50_000 };
/** Big enough to exercise every query and page, small enough for CI. */
export const SMALL_SIZE: DatasetSize = { tutors: 300, reviews: 15_000, students: 1_500 };

export const USAGE = `Usage: npm run bench -- [options]

Generates a dataset in an embedded database (or in PostgreSQL with --database-url or
DATABASE_URL), starts the server (src/server/main.ts) on it on 127.0.0.1, measures requests
per second and latency of the main pages' API calls against a bare Fastify hello-world; then
each read again while reviews are posted at a steady rate (mixed), on a server with the read
cache off, on a server with Prometheus metrics on, and (PostgreSQL only) on two instances of the server sharing the database, with a
check that a review posted through one shows on the other. Runs Lighthouse on three pages (and
them again in the dark theme, for accessibility and best practices),
prints tables and writes the results as JSON. Exits 1 on any error (a non-2xx answer, a crash,
an error in a server's log, a review the other instance never shows); with --strict also on a
missed target.

  --small                  a CI-sized dataset (${sizeText(SMALL_SIZE)})
  --tutors <n>             tutors to generate (default ${DEFAULT_SIZE.tutors})
  --reviews <n>            reviews to generate (default ${DEFAULT_SIZE.reviews})
  --students <n>           students to generate (default ${DEFAULT_SIZE.students})
  --duration <seconds>     measured time per scenario, after a short warm-up (default 10, at most 600)
  --warm-up <seconds>      load before each measured window, not counted (default 30% of
                           --duration, from 1 to 5; 0 for none)
  --connections <n>        concurrent connections (default 32, at most 1024)
  --database-url <url>     generate in and run on this PostgreSQL database (or DATABASE_URL);
                           it must be empty or hold a previous benchmark's dataset
  --data-dir <folder>      keep the embedded dataset here and reuse it when the sizes match
                           (default: a temporary folder, removed afterwards)
  --out <file>             where the JSON goes (default bench-results/<engine>-<size>-<time>.json)
  --write-rate <n>         reviews posted per second in the mixed and two-instance runs (default 20)
  --skip-mixed             leave out the reads while reviews are posted
  --skip-cache-off         leave out the reads with the read cache off
  --skip-metrics           leave out the reads with Prometheus metrics on (what they cost)
  --skip-two-instances     leave out the two-instance run (PostgreSQL only; never on the
                           embedded database, which one process owns)
  --skip-lighthouse        leave out the Lighthouse audit
  --skip-logging           leave out the tutor list again at LOG_LEVEL=debug (what request
                           logging costs)
  --skip-second-ceiling    leave out the hello-world's second measurement at the end (the
                           ceiling is then its first alone)
  --strict                 exit 1 when a target is missed (targets apply at the default size)
  --help                   show this text`;

export interface BenchOptions {
  size: DatasetSize;
  /** 'default', 'small' or 'custom': names the result file and decides whether targets apply. */
  sizeName: 'default' | 'small' | 'custom';
  durationSeconds: number;
  /** Load before each measured window that the figures leave out. */
  warmUpSeconds: number;
  connections: number;
  databaseUrl?: string;
  dataDir?: string;
  out?: string;
  /** Reviews per second the steady writer posts in the mixed and two-instance runs. */
  writeRate: number;
  skipMixed: boolean;
  skipCacheOff: boolean;
  skipMetrics: boolean;
  skipTwoInstances: boolean;
  skipLighthouse: boolean;
  skipLogging: boolean;
  skipSecondCeiling: boolean;
  strict: boolean;
}

export function parseOptions(args: string[], env: NodeJS.ProcessEnv = process.env): BenchOptions | 'help' {
  const { values } = parseArgs({
    args,
    options: {
      small: { type: 'boolean' },
      tutors: { type: 'string' },
      reviews: { type: 'string' },
      students: { type: 'string' },
      duration: { type: 'string' },
      'warm-up': { type: 'string' },
      connections: { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      out: { type: 'string' },
      'write-rate': { type: 'string' },
      'skip-mixed': { type: 'boolean' },
      'skip-cache-off': { type: 'boolean' },
      'skip-metrics': { type: 'boolean' },
      'skip-two-instances': { type: 'boolean' },
      'skip-lighthouse': { type: 'boolean' },
      'skip-logging': { type: 'boolean' },
      'skip-second-ceiling': { type: 'boolean' },
      strict: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return 'help';

  const base = values.small ? SMALL_SIZE : DEFAULT_SIZE;
  const size: DatasetSize = {
    tutors: wholeNumberOption('--tutors', values.tutors, base.tutors, 10, 1_000_000),
    reviews: wholeNumberOption('--reviews', values.reviews, base.reviews, 0, 50_000_000),
    students: wholeNumberOption('--students', values.students, base.students, 20, 5_000_000),
  };
  const sizeName = sameSize(size, DEFAULT_SIZE) ? 'default' : sameSize(size, SMALL_SIZE) ? 'small' : 'custom';

  const { databaseUrl, dataDir } = datasetLocation(values, env);

  const durationSeconds = wholeNumberOption('--duration', values.duration, 10, 1, 600);
  return {
    size,
    sizeName,
    durationSeconds,
    warmUpSeconds: wholeNumberOption(
      '--warm-up',
      values['warm-up'],
      Math.min(5, Math.max(1, Math.round(durationSeconds * 0.3))),
      0,
      60,
    ),
    connections: wholeNumberOption('--connections', values.connections, 32, 1, 1024),
    databaseUrl,
    dataDir,
    out: values.out === undefined ? undefined : path.resolve(values.out),
    writeRate: wholeNumberOption('--write-rate', values['write-rate'], 20, 1, 1000),
    skipMixed: values['skip-mixed'] ?? false,
    skipCacheOff: values['skip-cache-off'] ?? false,
    skipMetrics: values['skip-metrics'] ?? false,
    skipTwoInstances: values['skip-two-instances'] ?? false,
    skipLighthouse: values['skip-lighthouse'] ?? false,
    skipLogging: values['skip-logging'] ?? false,
    skipSecondCeiling: values['skip-second-ceiling'] ?? false,
    strict: values.strict ?? false,
  };
}

/**
 * Where the benchmark's dataset lives, from --database-url (or DATABASE_URL) and --data-dir: a
 * PostgreSQL database, a kept embedded folder, or neither (a temporary embedded one).
 */
export function datasetLocation(
  values: { 'database-url'?: string; 'data-dir'?: string },
  env: NodeJS.ProcessEnv,
): { databaseUrl?: string; dataDir?: string } {
  const databaseUrl = values['database-url'] || env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl))
    throw new UsageError('--database-url (or DATABASE_URL) must be a postgres:// address.');
  if (databaseUrl && values['data-dir'])
    throw new UsageError('--data-dir keeps an embedded dataset; with PostgreSQL the dataset stays in its database.');
  return { databaseUrl, dataDir: values['data-dir'] === undefined ? undefined : path.resolve(values['data-dir']) };
}

export function sizeText(size: DatasetSize): string {
  const format = (n: number) => n.toLocaleString('en-US');
  return `${format(size.tutors)} tutors, ${format(size.reviews)} reviews, ${format(size.students)} students`;
}

function sameSize(a: DatasetSize, b: DatasetSize): boolean {
  return a.tutors === b.tutors && a.reviews === b.reviews && a.students === b.students;
}
