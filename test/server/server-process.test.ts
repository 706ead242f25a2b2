import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseEngine } from '../helpers/database';
import { freePort } from '../helpers/ports';
import { SERVER_NODE_ARGS } from '../../tools/build/server';

// The real entry point as an operator runs it: a child process, a real port, real signals.

interface RunningServer {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const started: RunningServer[] = [];
const tempDirs: string[] = [];
const databases: { close(): Promise<void> }[] = [];

/** The embedded default needs nothing; on PostgreSQL the server gets a database of its own. */
async function databaseEnv(): Promise<Record<string, string>> {
  if (testDatabaseEngine() !== 'postgres') return {};
  const database = await openTestDatabase();
  databases.push(database);
  return { DATABASE_URL: database.url! };
}

function startServer(env: Record<string, string>): RunningServer {
  let output = '';
  // The built server as `npm start` runs it (the test run's global setup builds it): Node itself, so signals reach it.
  const child = spawn(process.execPath, SERVER_NODE_ARGS, {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, output: () => output, exited };
  started.push(server);
  return server;
}

async function waitUntilReady(port: number, server: RunningServer): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not ready in time:\n${server.output()}`);
}

afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  for (const dir of tempDirs.splice(0)) await rm(dir, { recursive: true, force: true });
  for (const database of databases.splice(0)) await database.close();
});

describe(`the server process on ${testDatabaseEngine()}`, () => {
  it(
    'starts on an empty data folder, creates the first admin once, and stops cleanly on SIGTERM',
    { timeout: 60_000 },
    async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-process-'));
      tempDirs.push(dataDir);
      const port = await freePort();
      const env = { DATA_DIR: dataDir, PORT: String(port), ...(await databaseEnv()) };
      const server = startServer(env);
      await waitUntilReady(port, server);

      const adminFile = path.join(dataDir, 'initial-admin.txt');
      expect((await stat(adminFile)).mode & 0o777).toBe(0o600);
      const password = /password: (\S+)/.exec(await readFile(adminFile, 'utf8'))![1]!;
      expect(server.output()).toContain(`One-time password: ${password}`);

      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@tutorly.local', password }),
      });
      expect(login.status).toBe(200);
      expect(((await login.json()) as { account: { role: string } }).account.role).toBe('admin');

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);

      // A second start on the same data keeps the admin and prints no new password.
      const again = startServer(env);
      await waitUntilReady(port, again);
      expect(again.output()).not.toContain('One-time password');
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    },
  );

  it('refuses to start on a bad variable and names it', { timeout: 30_000 }, async () => {
    const server = startServer({ PORT: 'abc', DATABASE_URL: 'mysql://nope', DATA_DIR: os.tmpdir() });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT/);
    expect(server.output()).toMatch(/DATABASE_URL/);
  });
});
