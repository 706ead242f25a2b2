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
  const snapshot = await oncePerRun('pglite snapshot', makeMigratedSnapshot, (file) =>
    rm(path.dirname(file), { recursive: true, force: true }),
  );
  project.provide('pgliteSnapshotPath', snapshot.value);
  return snapshot.release;
}

async function makeMigratedSnapshot(): Promise<string> {
  // Tests that start a server process run the bundle, as `npm start` does.
  await ensureServerBuild();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-pglite-snapshot-'));
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    await handle.migrate();
    const snapshot = await dumpPglite(handle);
    const file = path.join(dir, 'migrated.tar');
    await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
    return file;
  } finally {
    await handle.close();
  }
}
