import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { ensureServerBuild, SERVER_NODE_ARGS } from './build/server';
import { repositoryRoot } from './repository-root';

// The server as its own process, for the tools that put load on it (soak, bench): start, read
// its log and memory, stop.

/**
 * The rate limits protect a real site from one address hammering it; the soak and the benchmark
 * are exactly that,
 * from 127.0.0.1 with a handful of accounts, so the server it starts gets limits far above
 * anything it sends (still counted, in the database, as in production). The limits themselves
 * are proven by their own tests.
 */
export const loadTestRateLimits: Record<string, string> = {
  RATE_LIMIT_LOGIN_PER_IP: '1000000/1m',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '1000000/1m',
  RATE_LIMIT_SIGNUP_PER_IP: '1000000/1m',
  RATE_LIMIT_RESEND_PER_IP: '1000000/1m',
  RATE_LIMIT_CAMPUS_START_PER_IP: '1000000/1m',
  RATE_LIMIT_WRITES_PER_USER: '1000000/1m',
  RATE_LIMIT_UPLOADS_PER_USER: '1000000/1m',
  RATE_LIMIT_UPLOAD_BYTES_PER_USER: '1000GB/1m',
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

export interface ServerOptions {
  /** Run on this PostgreSQL database instead of an embedded one. */
  databaseUrl?: string;
  /** The server's DATA_DIR, kept afterwards (with the embedded database in it); by default an empty temporary folder, removed on stop. */
  dataDir?: string;
  /** LOG_LEVEL; 'warn' by default, as only problems matter to the soak. */
  logLevel?: string;
  /**
   * Append the server's output to this file, as an operator would keep it, rather than read it
   * line by line through a pipe (which costs this process time under heavy traffic).
   */
  logFile?: string;
  /** Settings added to the server's environment (READ_CACHE=off, say). */
  env?: Record<string, string>;
}

/**
 * The server as `npm start` runs it (the bundle in dist/server, built first when out of date)
 * as its own process on 127.0.0.1, on an empty data folder unless told otherwise, with a first
 * admin to seed through. Its pid is the server whose memory we read.
 */
export async function startServer(options: ServerOptions): Promise<StartedServer> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'tutorly-soak-')));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const adminEmail = 'soak-admin@tutorly.test';
  const adminPassword = randomBytes(12).toString('base64url');
  const output = options.logFile ? openSync(options.logFile, 'a') : 'pipe';
  await ensureServerBuild();
  const child = spawn(process.execPath, SERVER_NODE_ARGS, {
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
      LOG_LEVEL: options.logLevel ?? 'warn',
      TRUST_PROXY: '',
      // The benchmark opens up to 1024 connections, all from 127.0.0.1: one client by design.
      MAX_CONNECTIONS_PER_CLIENT: '2000',
      ...loadTestRateLimits,
      ...options.env,
    },
    stdio: ['ignore', output, output],
    // Its own process group: Ctrl+C on the soak must not stop the server under the running traffic.
    detached: true,
  });
  const stopIfLeftRunning = () => child.kill('SIGKILL');
  process.once('exit', stopIfLeftRunning);
  const exitStatus = () =>
    child.exitCode !== null
      ? `code ${child.exitCode}`
      : child.signalCode !== null
        ? `signal ${child.signalCode}`
        : null;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (typeof output === 'number') closeSync(output);
  const log = typeof output === 'number' ? watchLogFile(options.logFile!) : watchLog(child);

  const server: StartedServer = {
    url,
    pid: child.pid!,
    adminEmail,
    adminPassword,
    databaseDescription: options.databaseUrl
      ? 'PostgreSQL server from --database-url'
      : `embedded database in ${dataDir}`,
    get loggedErrors() {
      log.catchUp();
      return log.errors;
    },
    lastLogLines: () => {
      log.catchUp();
      return [...log.lines];
    },
    exitStatus,
    async stop() {
      if (exitStatus() === null) {
        child.kill('SIGTERM');
        const killLater = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(killLater);
      }
      process.off('exit', stopIfLeftRunning);
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
      return exitStatus()!;
    },
  };

  try {
    await waitUntilReady(url, child, server.lastLogLines);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return server;
}

/** The resident memory of a process on this machine, in bytes; undefined when it cannot be read. */
function residentMemory(pid: number): number | undefined {
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
  readonly samples: Record<'startUp' | 'trafficStart' | 'end', number | undefined> = {
    startUp: undefined,
    trafficStart: undefined,
    end: undefined,
  };
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

interface LogWatch {
  /** The last lines the server wrote. */
  lines: string[];
  /** Every line logged at level error (50) or fatal (60). */
  errors: string[];
  /** Takes in what was written since the last look (a pipe is read as it comes, so then there is nothing to do). */
  catchUp(): void;
}

function emptyLog(): LogWatch {
  return { lines: [], errors: [], catchUp: () => {} };
}

/** Turns chunks of output into whole lines for the log; each stream needs its own, so lines are never spliced. */
function lineReader(log: LogWatch): (chunk: string) => void {
  let partial = '';
  return (chunk) => {
    const complete = (partial + chunk).split('\n');
    partial = complete.pop()!;
    for (const line of complete) {
      if (!line.trim()) continue;
      log.lines.push(line);
      if (log.lines.length > LOG_LINES_KEPT) log.lines.shift();
      if (logLevelOf(line) >= 50) log.errors.push(line);
    }
  };
}

function watchLog(child: ChildProcess): LogWatch {
  const log = emptyLog();
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8');
    stream.on('data', lineReader(log));
  }
  return log;
}

/** The same for output the server appends to a file, read from where the last look ended. */
function watchLogFile(file: string): LogWatch {
  const log = emptyLog();
  const read = lineReader(log);
  const decoder = new StringDecoder('utf8');
  const buffer = Buffer.alloc(1 << 20);
  let position = 0;
  log.catchUp = () => {
    const fd = openSync(file, 'r');
    try {
      for (let bytes; (bytes = readSync(fd, buffer, 0, buffer.length, position)) > 0; position += bytes) {
        read(decoder.write(buffer.subarray(0, bytes)));
      }
    } finally {
      closeSync(fd);
    }
  };
  return log;
}

function logLevelOf(line: string): number {
  // pino starts every line with its level; only those that could be errors are parsed in full.
  if (!/^\{"level":[56]\d/.test(line)) return 0;
  try {
    const level = (JSON.parse(line) as { level?: unknown }).level;
    return typeof level === 'number' ? level : 0;
  } catch {
    // Not pino's JSON (a Node warning, say); a crash shows anyway, as the process exiting.
    return 0;
  }
}

async function waitUntilReady(url: string, child: ChildProcess, logLines: () => string[]): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the server exited during start-up (${child.exitCode ?? child.signalCode}):\n${logLines().join('\n')}`,
      );
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${logLines().join('\n')}`);
}

/** A port nothing listens on right now, to tell the server up front. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
