import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import '../setup/provided-context';

/**
 * Puts the run's migrated PGlite snapshot in DATA_DIR/db (pglite project only). A first start
 * on an empty folder spends most of its time creating and migrating the database, which on a
 * machine busy with other test files can take longer than any sensible wait.
 */
export async function migratedEmbeddedDataDir(dataDir: string): Promise<void> {
  const snapshotPath = inject('pgliteSnapshotPath');
  if (!snapshotPath)
    throw new Error('pglite snapshot missing: is test/setup/global-pglite.ts the globalSetup of this project?');
  const snapshot = await readFile(snapshotPath);
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: path.join(dataDir, 'db'),
    loadDataDir: new Blob([new Uint8Array(snapshot)]),
  });
  await database.close();
}
