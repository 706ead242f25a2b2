import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/shared/api-paths';
import { migratedEmbeddedDataDir } from '../helpers/embedded-data-dir';
import { httpExpect } from '../helpers/http-client';
import { freePort } from '../helpers/ports';
import {
  killAllServerProcesses,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
  waitUntilReady,
} from '../helpers/server-process';
import { mountTmpfs, type Tmpfs, tmpfsUnavailableReason } from '../helpers/tmpfs';
import { testDatabaseEngine } from '../helpers/database';

// The log is where the server says what goes wrong, so it must never be what takes it down: a
// log file on a full disk (a real tmpfs, filled) or a standard output nobody reads any more
// (a closed pipe) loses lines, never the process or its answers.

const unavailable = tmpfsUnavailableReason();
if (unavailable) console.warn(`log-on-a-full-disk test skipped: ${unavailable}`);

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await killAllServerProcesses();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-log-failure-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  await migratedEmbeddedDataDir(dir);
  return dir;
}

/** Requests that each write log lines at debug level, and the process still there after them. */
async function keepsAnswering(server: ServerProcess): Promise<void> {
  for (let round = 0; round < 40; round++) {
    await httpExpect(200, server.baseUrl, 'GET', '/healthz');
    await httpExpect(401, server.baseUrl, 'GET', apiPaths.myReviews);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  await httpExpect(200, server.baseUrl, 'GET', '/readyz');
  expect(server.child.exitCode).toBeNull();
  expect(server.child.signalCode).toBeNull();
}

describe.runIf(testDatabaseEngine() === 'pglite')('a log destination that fails', () => {
  it.skipIf(unavailable !== null)(
    'stdout to a file on a full disk: the server starts, answers and stops cleanly',
    { timeout: 120_000 },
    async () => {
      const disk: Tmpfs = await mountTmpfs(1);
      cleanups.push(() => disk.unmount());
      const logFile = await open(path.join(disk.dir, 'tutorly.log'), 'a');
      cleanups.push(() => logFile.close());
      await disk.fill();

      const server = startServerProcess(
        await freePort(),
        { DATA_DIR: await dataDir(), LOG_LEVEL: 'debug' },
        { stdout: logFile.fd },
      );
      await waitUntilReady(server);
      await keepsAnswering(server);
      expect((await stopServerProcess(server)).code).toBe(0);
    },
  );

  it('stdout into a pipe its reader closed: the server keeps answering', { timeout: 120_000 }, async () => {
    const server = startServerProcess(await freePort(), { DATA_DIR: await dataDir(), LOG_LEVEL: 'debug' });
    await waitUntilReady(server);
    // The reader goes away (a log shipper that died): every later write meets EPIPE.
    server.child.stdout!.destroy();
    await keepsAnswering(server);
    expect((await stopServerProcess(server)).code).toBe(0);
  });
});
