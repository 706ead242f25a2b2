import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../../src/server/db/client';
import { ensureServerBuild } from '../../tools/build/server';
import { oncePerRun } from './once-per-run';
import './provided-context';

/**
 * Starting PGlite and migrating takes seconds; loading a snapshot takes well under one.
 * So migrate once per run (for every project on the embedded engine) and let every test file start
 * from the snapshot.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const snapshot = await oncePerRun('pglite snapshot', makeMigratedSnapshot, ({ folder }) =>
    rm(folder, { recursive: true, force: true }),
  );
  project.provide('pgliteSnapshotPath', snapshot.value.tarball);
  project.provide('pgliteDataDirSnapshotPath', snapshot.value.dataDir);
  return snapshot.release;
}

/**
 * The migrated database twice: as a tarball, which an in-memory PGlite loads, and as a data
 * directory on disk, which a test copies into a DATA_DIR. Unpacking the tarball into a folder
 * through PGlite's file system took a second of CPU for every server a test started.
 */
async function makeMigratedSnapshot(): Promise<{ folder: string; tarball: string; dataDir: string }> {
  // Tests that start a server process run the bundle, as `npm start` does.
  await ensureServerBuild();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tutorly-pglite-snapshot-'));
  const tarball = path.join(folder, 'migrated.tar');
  const dataDir = path.join(folder, 'db');
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    await handle.migrate();
    const snapshot = await dumpPglite(handle);
    await writeFile(tarball, Buffer.from(await snapshot.arrayBuffer()));
    const onDisk = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: snapshot });
    await onDisk.close();
    return { folder, tarball, dataDir };
  } finally {
    await handle.close();
  }
}
