import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports';

// A PostgreSQL cluster of a test's own, for tests that stop and start the server under the
// application; the shared test cluster (TEST_DATABASE_URL) must never be taken down.

const run = promisify(execFile);

/** The newest installed PostgreSQL's bin folder (Debian's layout, as in CI), or null when there is none. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter(
      (name) =>
        existsSync(path.join(root, name, 'bin', 'pg_ctl')) && existsSync(path.join(root, name, 'bin', 'initdb')),
    )
    .sort((a, b) => Number.parseFloat(b) - Number.parseFloat(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : null;
}

/** The runuser command, when there is one. */
function runuserPath(): string | undefined {
  return ['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].find((file) => existsSync(file));
}

/**
 * initdb refuses to run as root, so as root the cluster belongs to the postgres user (through
 * runuser); otherwise to the current user. Undefined: root, but no postgres user or no runuser.
 */
function clusterUser(): 'postgres' | null | undefined {
  if (process.getuid?.() !== 0) return null;
  const hasPostgresUser =
    existsSync('/etc/passwd') &&
    readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .some((line) => line.startsWith('postgres:'));
  return hasPostgresUser && runuserPath() ? 'postgres' : undefined;
}

/** Why a cluster of its own cannot be made here, or null when it can. */
export function postgresClusterUnavailable(): string | null {
  if (process.platform === 'win32') return 'not on Windows';
  if (!postgresBinDir()) return 'no PostgreSQL binaries in /usr/lib/postgresql/*/bin';
  if (clusterUser() === undefined) return 'running as root without a postgres user or runuser';
  return null;
}

export interface PostgresCluster {
  port: number;
  /** Superuser connection to the postgres database, no password (trust, loopback only). */
  adminUrl: string;
  start(): Promise<void>;
  /** pg_ctl stop -m fast: sessions are ended and the server shuts down cleanly. */
  stop(): Promise<void>;
  /** pg_ctl restart -m immediate: every session is cut without a word, as in a crash or a failover; resolves once it accepts connections again. */
  restartImmediately(): Promise<void>;
  /** Stops the server if it runs and deletes the cluster's files. */
  destroy(): Promise<void>;
}

const TIMEOUT_MS = 30_000;

/** `parentDir`: where the cluster's folder is made (a file system of the test's own); the temporary folder by default. */
export async function createPostgresCluster(parentDir = os.tmpdir()): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL binaries found');
  const user = clusterUser();
  if (user === undefined) throw new Error('initdb cannot run as root without runuser');
  const dir = await mkdtemp(path.join(parentDir, 'tutorly-pg-'));
  const dataDir = path.join(dir, 'data');
  if (user) await chown(dir, ...(await postgresIds()));
  const as = (command: string, args: string[]) =>
    user
      ? run(runuserPath()!, ['-u', user, '--', path.join(bin, command), ...args], { timeout: TIMEOUT_MS })
      : run(path.join(bin, command), args, { timeout: TIMEOUT_MS });

  const port = await freePort();
  await as('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const pgCtl = (...args: string[]) => as('pg_ctl', ['-D', dataDir, '-t', String(TIMEOUT_MS / 1000), ...args]);
  let running = false;

  const cluster: PostgresCluster = {
    port,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      // The socket goes in the cluster's own folder; fsync off: nothing here needs to survive a power cut.
      await pgCtl(
        '-l',
        path.join(dir, 'server.log'),
        '-w',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
        'start',
      );
      running = true;
    },
    async stop() {
      await pgCtl('-m', 'fast', '-w', 'stop');
      running = false;
    },
    async restartImmediately() {
      await pgCtl('-l', path.join(dir, 'server.log'), '-m', 'immediate', '-w', 'restart');
      running = true;
    },
    async destroy() {
      if (running) await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => undefined);
      running = false;
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (err) {
    await cluster.destroy();
    throw err;
  }
  return cluster;
}

async function postgresIds(): Promise<[number, number]> {
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return [Number(uid.trim()), Number(gid.trim())];
}
