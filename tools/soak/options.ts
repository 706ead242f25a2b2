import { parseArgs } from 'node:util';
import { UsageError, wholeNumberOption } from '../command-line';

export const USAGE = `Usage: npm run soak -- [options]

Starts the server (src/server/main.ts) on 127.0.0.1 with an empty embedded database, seeds
tutors and students through the API, drives mixed traffic, and reports. Exits 1 on any error.

  --duration <seconds>     how long the traffic runs (default 120, at most 3600)
  --concurrency <n>        virtual students sending requests at once (default 8, at most 64)
  --tutors <n>             tutors to seed (default 40, at most 200)
  --no-limit               allow a --duration over an hour (up to a week)
  --database-url <url>     run the started server on this PostgreSQL database instead
  --url <address>          soak a server already running on this machine instead
  --admin-email <email>    with --url: an administrator's email (or ADMIN_EMAIL)
  --admin-password <pw>    with --url: their password (or ADMIN_PASSWORD)
  --server-pid <pid>       with --url: the server's process id, to report its memory
  --help                   show this text`;

export interface SoakOptions {
  durationSeconds: number;
  concurrency: number;
  tutors: number;
  databaseUrl?: string;
  target?: { url: string; adminEmail: string; adminPassword: string; serverPid?: number };
}

export function parseOptions(args: string[]): SoakOptions | 'help' {
  const { values } = parseArgs({
    args,
    options: {
      duration: { type: 'string' },
      concurrency: { type: 'string' },
      tutors: { type: 'string' },
      'no-limit': { type: 'boolean' },
      'database-url': { type: 'string' },
      url: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      'server-pid': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return 'help';
  const maxDuration = values['no-limit'] ? 7 * 24 * 3600 : 3600;
  const options: SoakOptions = {
    durationSeconds: wholeNumberOption(
      '--duration',
      values.duration,
      120,
      1,
      maxDuration,
      values['no-limit'] ? '' : ' (add --no-limit to run longer)',
    ),
    concurrency: wholeNumberOption('--concurrency', values.concurrency, 8, 1, 64),
    tutors: wholeNumberOption('--tutors', values.tutors, 40, 1, 200),
    databaseUrl: values['database-url'],
  };
  if (values.url === undefined) {
    if (values['server-pid'] || values['admin-email'] || values['admin-password'])
      throw new UsageError('--admin-email, --admin-password and --server-pid go with --url.');
    return options;
  }
  if (options.databaseUrl) throw new UsageError('--database-url is for the server the soak starts, not with --url.');
  const url = new URL(values.url);
  // The soak is a load generator: it may only ever point at this machine.
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) && !url.hostname.startsWith('127.')) {
    throw new UsageError(
      `--url must be a server on this machine (127.0.0.1, localhost or [::1]), not ${url.hostname}.`,
    );
  }
  const adminEmail = values['admin-email'] ?? process.env.ADMIN_EMAIL;
  const adminPassword = values['admin-password'] ?? process.env.ADMIN_PASSWORD;
  if (!adminEmail || !adminPassword)
    throw new UsageError(
      '--url needs an administrator: --admin-email and --admin-password (or ADMIN_EMAIL and ADMIN_PASSWORD).',
    );
  const serverPid =
    values['server-pid'] === undefined
      ? undefined
      : wholeNumberOption('--server-pid', values['server-pid'], 0, 1, 2 ** 31);
  options.target = { url: url.origin, adminEmail, adminPassword, serverPid };
  return options;
}
