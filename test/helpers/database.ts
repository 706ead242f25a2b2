import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import '../setup/provided-context';
import { databaseUrl, withAdminClient } from './postgres-admin';

export interface TestDatabase extends DatabaseHandle {
  /** postgres only: the connection string of this database, for child processes. */
  url?: string;
}

let snapshot: Buffer | undefined;

/**
 * Whether the current test file has touched SQL: opened a database or asked which engine it runs
 * on. A file runs on both engines only when it does (test/setup/database.ts checks after each
 * file); the others are listed in vitest.config.ts's filesWithoutSql and run once.
 */
let touchedSql = false;

export function fileTouchedSql(): boolean {
  return touchedSql;
}

/** Called as each test file starts (the server suite's files share their worker's modules). */
export function startTrackingSql(): void {
  touchedSql = false;
}

/** The engine this project's files run against: the file runs on both, so asking touches SQL. */
export function testDatabaseEngine(): 'pglite' | 'postgres' {
  const engine = inject('dbEngine');
  if (!engine)
    throw new Error(
      'This file touches SQL but runs without a database: take it out of filesWithoutSql in vitest.config.ts.',
    );
  touchedSql = true;
  return engine;
}

/**
 * A freshly migrated database of its own, on the engine of the current vitest project.
 * The caller closes it (closing twice is harmless); a postgres copy is dropped on close.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseEngine() === 'postgres') return openPostgresCopy();
  const snapshotPath = inject('pgliteSnapshotPath');
  if (!snapshotPath)
    throw new Error('pglite snapshot missing: is test/setup/global-pglite.ts the globalSetup of this project?');
  snapshot ??= await readFile(snapshotPath);
  return closeOnce(await openDatabase({ kind: 'pglite', loadDataDir: new Blob([new Uint8Array(snapshot)]) }));
}

async function openPostgresCopy(): Promise<TestDatabase> {
  const template = inject('postgresTemplate');
  if (!template)
    throw new Error('postgres template missing: is test/setup/global-postgres.ts the globalSetup of this project?');
  const { adminUrl, templateName } = template;
  // The global teardown drops every database with the template's name as prefix, should a file crash.
  const name = `${templateName}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`));
  const url = databaseUrl(adminUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 4, writePoolSize: 2 });
  const database = closeOnce({
    ...handle,
    close: async () => {
      await handle.close();
      await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  });
  return { ...database, url };
}

function closeOnce(handle: DatabaseHandle): DatabaseHandle {
  let closing: Promise<void> | undefined;
  return { ...handle, close: () => (closing ??= handle.close()) };
}

let fileDatabase: Promise<TestDatabase> | undefined;

/** The database shared by the tests of one file: opened on first use, emptied before each test. */
export function getFileDatabase(): Promise<TestDatabase> {
  fileDatabase ??= openTestDatabase();
  return fileDatabase;
}

/** Called by test/setup/database.ts before each test, so no test sees another's rows. */
export async function resetFileDatabase(): Promise<void> {
  if (!fileDatabase) return;
  await emptyAllTables(await fileDatabase);
}

export async function closeFileDatabase(): Promise<void> {
  if (!fileDatabase) return;
  const database = fileDatabase;
  fileDatabase = undefined;
  await (await database).close();
}

/**
 * Empties every application table (the migrations journal lives in its own schema and stays).
 * DELETE, not TRUNCATE: a test leaves a few rows in a few tables, and TRUNCATE gives each of the
 * tables and their indexes new files, which cost PostgreSQL a third of a second and PGlite a tenth
 * per test; deleting them costs a few milliseconds. Foreign keys and triggers are not consulted
 * (session_replication_role), so the order does not matter and nothing is recounted: every
 * table ends empty, as after TRUNCATE. No table has a sequence to restart.
 */
export async function emptyAllTables(database: DatabaseHandle): Promise<void> {
  const result = await database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const tables = (result as unknown as { rows: { tablename: string }[] }).rows.map((row) => row.tablename);
  if (tables.length === 0) return;
  const names = tables.map((table) => `'${table.replaceAll("'", "''")}'`).join(', ');
  await database.writer.execute(
    sql.raw(`DO $$
      DECLARE
        name text;
      BEGIN
        SET LOCAL session_replication_role = replica;
        FOREACH name IN ARRAY ARRAY[${names}]::text[] LOOP
          EXECUTE format('DELETE FROM public.%I', name);
        END LOOP;
      END
    $$`),
  );
}

/**
 * An empty database of its own (no migration applied), on the engine of the current vitest
 * project, for tests of the migrations themselves. The caller closes it; a postgres one is dropped.
 */
export async function openEmptyTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseEngine() !== 'postgres') return closeOnce(await openDatabase({ kind: 'pglite' }));
  const template = inject('postgresTemplate');
  if (!template) throw new Error('postgres template missing: is test/setup/global-postgres.ts the globalSetup?');
  const { adminUrl, templateName } = template;
  const name = `${templateName}_empty_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = databaseUrl(adminUrl, name);
  const handle = await openDatabase({ kind: 'postgres', url, poolSize: 2, writePoolSize: 1 });
  const database = closeOnce({
    ...handle,
    close: async () => {
      await handle.close();
      await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  });
  return { ...database, url };
}
