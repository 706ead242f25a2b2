import { cp } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import '../setup/provided-context';

/**
 * Puts the run's migrated PGlite data directory in DATA_DIR/db (pglite project only). A first
 * start on an empty folder spends most of its time creating and migrating the database, which on
 * a machine busy with other test files can take longer than any sensible wait.
 */
export async function migratedEmbeddedDataDir(dataDir: string): Promise<void> {
  const snapshotDir = inject('pgliteDataDirSnapshotPath');
  if (!snapshotDir)
    throw new Error('pglite snapshot missing: is test/setup/global-pglite.ts the globalSetup of this project?');
  await cp(snapshotDir, path.join(dataDir, 'db'), { recursive: true });
}
