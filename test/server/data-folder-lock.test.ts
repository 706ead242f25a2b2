import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedEmbeddedDataDir } from '../helpers/embedded-data-dir';
import { freePort } from '../helpers/ports';
import {
  killAllServerProcesses,
  startServerProcess,
  stopServerProcess,
  waitUntilReady,
} from '../helpers/server-process';
import { runNpmScript } from '../helpers/tool-process';
import { testDatabaseEngine } from '../helpers/database';

// One process at a time on an embedded data folder, held by a lock the operating system lets go
// of with its holder: a second server or command says in one line who holds it and what to do,
// and a lock file a killed process left behind never blocks a start, whatever pid it names.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await killAllServerProcesses();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-lock-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  await migratedEmbeddedDataDir(dir);
  return dir;
}

/** The lines a refused process wrote, without blank ones. */
const linesOf = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

describe.runIf(testDatabaseEngine() === 'pglite')('the data folder lock', () => {
  it(
    'a second server on a folder in use exits 1 with one line naming the other process; so do the commands',
    { timeout: 180_000 },
    async () => {
      const DATA_DIR = await dataDir();
      const first = startServerProcess(await freePort(), { DATA_DIR });
      await waitUntilReady(first);

      const second = startServerProcess(await freePort(), { DATA_DIR });
      expect((await second.exited).code).toBe(1);
      const lines = linesOf(second.output());
      expect(lines, second.output()).toHaveLength(1);
      expect(lines[0]).toContain(`pid ${first.child.pid}`);
      expect(lines[0]).toMatch(/in use by another process.*Stop it first/);
      expect(second.output()).not.toMatch(/^\s+at /m);

      // (restore refuses the same way: test/server/backup-restore.test.ts)
      const backup = await runNpmScript('backup', ['--out', `${DATA_DIR}-backups`], { DATA_DIR });
      cleanups.push(() => rm(`${DATA_DIR}-backups`, { recursive: true, force: true }));
      expect(backup.code, backup.stderr).toBe(1);
      expect(linesOf(backup.stderr)).toEqual([expect.stringContaining(`pid ${first.child.pid}`)]);
      for (const [script, args] of [
        [
          'src/server/cli/create-admin.ts',
          ['--email', 'it@lock.test', '--name', 'IT', '--password', 'a long password 1'],
        ],
        ['src/server/cli/seed-demo.ts', []],
      ] as const) {
        const run = await runTsx(script, [...args], { DATA_DIR });
        expect(run.code, `${script}: ${run.output}`).toBe(1);
        expect(linesOf(run.output)).toEqual([expect.stringContaining(`pid ${first.child.pid}`)]);
      }
      expect((await stopServerProcess(first)).code).toBe(0);
    },
  );

  it('a lock file naming a running, unrelated process does not block a start', { timeout: 120_000 }, async () => {
    for (const pid of [1, process.pid]) {
      const DATA_DIR = await dataDir();
      await writeFile(path.join(DATA_DIR, 'db', 'tutorly.lock'), String(pid));
      const server = startServerProcess(await freePort(), { DATA_DIR });
      await waitUntilReady(server);
      expect((await stopServerProcess(server)).code).toBe(0);
    }
  });
});

function runTsx(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(script), ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}
