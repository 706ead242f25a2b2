import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedEmbeddedDataDir } from '../helpers/embedded-data-dir';
import { freePort } from '../helpers/ports';
import {
  killAllServerProcesses,
  killServerProcess,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
  waitUntilReady,
} from '../helpers/server-process';
import { testDatabaseEngine } from '../helpers/database';

// A start after kill -9 on the embedded database replays its write-ahead log, which takes a
// few times a clean start: the log says so before the wait, and how long it took after.

const RECOVERING = 'recovering the embedded database after an unclean stop';

const tempDirs: string[] = [];
afterEach(async () => {
  await killAllServerProcesses();
  for (const dir of tempDirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

function messages(server: ServerProcess): string[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
}

describe.runIf(testDatabaseEngine() === 'pglite')('a start after an unclean stop', () => {
  it(
    'says it is recovering the embedded database before it opens, and how long that took',
    { timeout: 180_000 },
    async () => {
      const DATA_DIR = await mkdtemp(path.join(os.tmpdir(), 'tutorly-unclean-'));
      tempDirs.push(DATA_DIR);
      await migratedEmbeddedDataDir(DATA_DIR);
      const env = { DATA_DIR, LOG_LEVEL: 'info' };

      const cleanly = startServerProcess(await freePort(), env);
      await waitUntilReady(cleanly);
      expect((await stopServerProcess(cleanly)).code).toBe(0);
      const afterClean = startServerProcess(await freePort(), env);
      await waitUntilReady(afterClean);
      expect(messages(afterClean).some((msg) => msg.includes(RECOVERING))).toBe(false);
      await killServerProcess(afterClean);

      const recovering = startServerProcess(await freePort(), env);
      await waitUntilReady(recovering);
      const said = messages(recovering);
      const announced = said.findIndex((msg) => msg.includes(RECOVERING));
      expect(announced, recovering.output()).toBeGreaterThanOrEqual(0);
      const done = said.findIndex((msg) => /embedded database recovered in \d+(\.\d+)? s/.test(msg));
      expect(done).toBeGreaterThan(announced);
      // In between, what the engine itself reports of its recovery.
      expect(said.slice(announced + 1, done), recovering.output()).toContainEqual(
        expect.stringMatching(/^embedded database: .*(not properly shut down|automatic recovery)/),
      );
      expect(said.findIndex((msg) => msg.startsWith('Tutorly is running'))).toBeGreaterThan(done);
      expect((await stopServerProcess(recovering)).code).toBe(0);
    },
  );
});
