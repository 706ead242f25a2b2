import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The rate limits protect a real site from one address hammering it; the soak is exactly that,
 * from 127.0.0.1 with a handful of accounts, so the server it starts gets limits far above
 * anything it sends (still counted, in the database, as in production). The limits themselves
 * are proven by their own tests.
 */
export const soakRateLimits: Record<string, string> = {
  RATE_LIMIT_LOGIN_PER_IP: '1000000/1m',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000000/1m',
  RATE_LIMIT_SIGNUP_PER_IP: '1000000/1m',
  RATE_LIMIT_RESEND_PER_IP: '1000000/1m',
  RATE_LIMIT_WRITES_PER_USER: '1000000/1m',
};

const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const LOG_LINES_KEPT = 40;

export interface StartedServer {
  url: string;
  pid: number;
  adminEmail: string;
  adminPassword: string;
  /** Where the embedded database lives; null on PostgreSQL. */
  databaseDescription: string;
  /** Log lines at level error or fatal, as the server wrote them. */
  loggedErrors: string[];
  lastLogLines(): string[];
  /** Null while it runs; then how it ended: 'code 0', 'signal SIGKILL', ... */
  exitStatus(): string | null;
  /** SIGTERM, as an operator would stop it; the data folder is removed afterwards. Answers how it ended. */
  stop(): Promise<string>;
}

/**
 * The real entry point (src/server/main.ts) as its own process on 127.0.0.1, on an empty data
 * folder, with a first admin to seed through. Node runs it directly (not through the tsx CLI,
 * which would put a second process in between) so its pid is the server whose memory we read.
 */
export async function startServer(options: { databaseUrl?: string }): Promise<StartedServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-soak-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const adminEmail = 'soak-admin@tutorly.test';
  const adminPassword = randomBytes(12).toString('base64url');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repositoryRoot,
    // Only what the soak chooses: an exported DATABASE_URL or a .env must not point it elsewhere.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      SMTP_URL: '',
      AI_PROVIDER: 'none',
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      ADMIN_NAME: 'Soak Admin',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '',
      ...soakRateLimits,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: Ctrl+C on the soak must not stop the server under the running traffic.
    detached: true,
  });
  const stopIfLeftRunning = () => child.kill('SIGKILL');
  process.once('exit', stopIfLeftRunning);
  const exitStatus = () => (child.exitCode !== null ? `code ${child.exitCode}` : child.signalCode !== null ? `signal ${child.signalCode}` : null);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const log = watchLog(child);

  const server: StartedServer = {
    url,
    pid: child.pid!,
    adminEmail,
    adminPassword,
    databaseDescription: options.databaseUrl ? 'PostgreSQL server from --database-url' : `embedded database in ${dataDir}`,
    loggedErrors: log.errors,
    lastLogLines: () => [...log.lines],
    exitStatus,
    async stop() {
      if (exitStatus() === null) {
        child.kill('SIGTERM');
        const killLater = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(killLater);
      }
      process.off('exit', stopIfLeftRunning);
      await rm(dataDir, { recursive: true, force: true });
      return exitStatus()!;
    },
  };

  try {
    await waitUntilReady(url, child, log.lines);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

/** The resident memory of a process on this machine, in bytes; undefined when it cannot be read. */
export function residentMemory(pid: number): number | undefined {
  try {
    const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    if (kilobytes) return Number(kilobytes) * 1024;
  } catch {
    // No /proc (macOS): ps knows it too.
  }
  try {
    const kilobytes = Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim());
    return Number.isFinite(kilobytes) && kilobytes > 0 ? kilobytes * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the server's memory when it runs on this machine and its pid is known. */
export class MemoryWatch {
  readonly samples: Record<'startUp' | 'trafficStart' | 'end', number | undefined> = { startUp: undefined, trafficStart: undefined, end: undefined };
  peak = 0;

  constructor(private readonly pid: number | undefined) {}

  get watching(): boolean {
    return this.pid !== undefined;
  }

  now(): number | undefined {
    const bytes = this.pid === undefined ? undefined : residentMemory(this.pid);
    if (bytes !== undefined) this.peak = Math.max(this.peak, bytes);
    return bytes;
  }

  mark(moment: keyof MemoryWatch['samples']): void {
    this.samples[moment] = this.now();
  }
}

/** Keeps the last lines the server wrote, and every line logged at level error (50) or fatal (60). */
function watchLog(child: ChildProcess): { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const complete = (partial + chunk).split('\n');
      partial = complete.pop()!;
      for (const line of complete) {
        if (!line.trim()) continue;
        lines.push(line);
        if (lines.length > LOG_LINES_KEPT) lines.shift();
        if (logLevelOf(line) >= 50) errors.push(line);
      }
    });
  }
  return { lines, errors };
}

function logLevelOf(line: string): number {
  try {
    const level = (JSON.parse(line) as { level?: unknown }).level;
    return typeof level === 'number' ? level : 0;
  } catch {
    // Not pino's JSON (a Node warning, say); a crash shows anyway, as the process exiting.
    return 0;
  }
}

async function waitUntilReady(url: string, child: ChildProcess, logLines: string[]): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited during start-up (${child.exitCode ?? child.signalCode}):\n${logLines.join('\n')}`);
    const ready = await fetch(`${url}/readyz`).then((response) => response.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${logLines.join('\n')}`);
}

/** A port nothing listens on right now, to tell the server up front. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
