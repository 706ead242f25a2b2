import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dumpPglite, openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { DataDirInUseError } from '../../src/server/db/data-dir-lock';
import { testDatabaseEngine } from '../helpers/database';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-embedded-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function open(dataDir: string): Promise<DatabaseHandle> {
  const handle = await openDatabase({ kind: 'pglite', dataDir });
  cleanups.push(() => handle.close());
  return handle;
}

// Each test creates a database from nothing (initdb), which takes seconds alone and many times
// that on a machine busy with other test files.
describe.runIf(testDatabaseEngine() === 'pglite')('the embedded database folder', () => {
  it(
    'cannot be opened by a second process while one has it, and can again once it is closed',
    { timeout: 90_000 },
    async () => {
      const dataDir = await tempDataDir();
      const first = await open(dataDir);

      // A second handle in this process stands in for a second process: the lock is held by the
      // open file, not by the process, so it is refused the same way.
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DataDirInUseError);

      await first.close();
      const again = await open(dataDir);
      await again.ping();
    },
  );

  it('is not blocked by a lock file naming a running, unrelated process', { timeout: 90_000 }, async () => {
    const dataDir = await tempDataDir();
    // pid 1 always runs: a process id alone proves nothing about who holds the folder.
    await writeFile(path.join(dataDir, 'tutorly.lock'), '1');
    const handle = await open(dataDir);
    await handle.ping();
  });

  it('takes over a lock left behind by a process that no longer runs', { timeout: 90_000 }, async () => {
    const dataDir = await tempDataDir();
    // Far above any pid the kernel hands out by default.
    await writeFile(path.join(dataDir, 'tutorly.lock'), '4194304000');
    const handle = await open(dataDir);
    await handle.ping();
  });

  it('made from a copy of a database that lived in memory only, still waits for its log at each commit', async () => {
    const synchronousCommit = async (handle: DatabaseHandle) => {
      const result = await handle.db.execute<{ synchronous_commit: string }>(sql`show synchronous_commit`);
      return (result as unknown as { rows: { synchronous_commit: string }[] }).rows[0]?.synchronous_commit;
    };
    const inMemory = await openDatabase({ kind: 'pglite' });
    cleanups.push(() => inMemory.close());
    // Nothing of it outlives the process, so its commits do not wait for the log.
    expect(await synchronousCommit(inMemory)).toBe('off');

    const dataDir = path.join(await tempDataDir(), 'db');
    const onDisk = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: await dumpPglite(inMemory) });
    cleanups.push(() => onDisk.close());
    expect(await synchronousCommit(onDisk)).toBe('on');
  });
});
