import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { DataDirInUseError } from '../../src/server/db/data-dir-lock';

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

describe.runIf(inject('dbEngine') === 'pglite')('the embedded database folder', () => {
  it(
    'cannot be opened by a second process while one has it, and can again once it is closed',
    { timeout: 30_000 },
    async () => {
      const dataDir = await tempDataDir();
      const first = await open(dataDir);

      // Same process, second handle: stands in for a second process, since the lock names the pid.
      await writeFile(path.join(dataDir, 'tutorly.lock'), String(process.ppid));
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(DataDirInUseError);

      await first.close();
      const again = await open(dataDir);
      await again.ping();
    },
  );

  it('takes over a lock left behind by a process that no longer runs', { timeout: 30_000 }, async () => {
    const dataDir = await tempDataDir();
    // Far above any pid the kernel hands out by default.
    await writeFile(path.join(dataDir, 'tutorly.lock'), '4194304000');
    const handle = await open(dataDir);
    await handle.ping();
  });
});
