import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVER_BUNDLE, SERVER_NODE_ARGS, SERVER_NODE_FLAGS } from '../../tools/build/server';

// The real entry point as an operator runs it, in a child process of the test on a loopback port.

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port>, also the server's PUBLIC_URL, so requests carrying it as Origin are same-origin. */
  baseUrl: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves once the process has exited and been reaped. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ServerProcess>();

/**
 * Starts the built server (dist/server, as `npm start` runs it; the test run's global setup
 * builds it) with exactly `env` (plus PATH and HOME), so a DATABASE_URL in the test runner's
 * own environment cannot leak in. Node runs it in this one process, so a signal reaches the
 * server itself. With `release`, the bundle of that release folder (test/helpers/releases.ts) runs,
 * with that folder's web build.
 */
export function startServerProcess(
  port: number,
  env: Record<string, string>,
  options: {
    cwd?: string;
    /** A release folder (test/helpers/releases.ts) whose build the server serves. */
    release?: string;
    /** Where the server's standard output goes instead of a pipe the test reads: a file's descriptor. */
    stdout?: number;
  } = {},
): ServerProcess {
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const args = options.release ? [...SERVER_NODE_FLAGS, path.join(options.release, SERVER_BUNDLE)] : SERVER_NODE_ARGS;
  const child = spawn(process.execPath, args, {
    cwd: options.cwd ?? options.release ?? path.resolve('.'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      ...env,
    },
    stdio: ['ignore', options.stdout ?? 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = { child, port, baseUrl, output: () => output, exited };
  running.add(server);
  void exited.then(() => running.delete(server));
  return server;
}

export async function waitUntilReady(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`server exited early:\n${server.output()}`);
    const ready = await fetch(`${server.baseUrl}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not ready within ${timeoutMs} ms:\n${server.output()}`);
}

/** SIGKILL: no shutdown hook runs, nothing is flushed; waits until the process is gone. */
export async function killServerProcess(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

/** SIGTERM and the server's own graceful shutdown; SIGKILL if that takes longer than `timeoutMs`. */
export async function stopServerProcess(
  server: ServerProcess,
  timeoutMs = 15_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), timeoutMs);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** For afterEach: no server outlives its test, whatever the test did. */
export async function killAllServerProcesses(): Promise<void> {
  await Promise.all([...running].map(killServerProcess));
}
