import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client';
import { readMigrations } from '../../src/server/db/migrations';
import { openEmptyTestDatabase, type TestDatabase, testDatabaseEngine } from '../helpers/database';
import { freePort } from '../helpers/ports';
import { killAllServerProcesses, startServerProcess, waitUntilReady } from '../helpers/server-process';

// Upgrades as an operator runs them, with the real server process on PostgreSQL: instances
// started together apply the migrations once, and a migration that fails stops the start with
// one line naming it. (The embedded database belongs to one process; its failed migration is
// covered in migrations-upgrade.test.ts.)

const allMigrations = readMigrations(migrationsFolder);
const newest = allMigrations.at(-1)!.tag;

const opened: TestDatabase[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await killAllServerProcesses();
  await Promise.all(opened.splice(0).map((database) => database.close()));
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function serverEnv(database: TestDatabase): Promise<Record<string, string>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-migrating-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: database.url!,
    ADMIN_EMAIL: 'admin@migrations.test',
    ADMIN_PASSWORD: 'migrations-test-admin-password',
    DATABASE_POOL_SIZE: '2',
    DATABASE_WRITE_POOL_SIZE: '1',
  };
}

async function applied(database: TestDatabase): Promise<{ count: number; distinct: number }> {
  const [row] = rowsOf<{ count: number; distinct: number }>(
    await database.db.execute(
      sql`select count(*)::int as count, count(distinct created_at)::int as distinct from drizzle.__drizzle_migrations`,
    ),
  );
  return row!;
}

describe.skipIf(testDatabaseEngine() !== 'postgres')('migrations as the server applies them', () => {
  test('two instances started at once on an empty database apply each migration once', async () => {
    const database = await openEmptyTestDatabase();
    opened.push(database);
    const servers = await Promise.all(
      [0, 1].map(async () => startServerProcess(await freePort(), await serverEnv(database))),
    );
    await Promise.all(servers.map((server) => waitUntilReady(server)));

    expect(await applied(database)).toEqual({ count: allMigrations.length, distinct: allMigrations.length });
    for (const server of servers) {
      expect(server.output()).not.toMatch(/start-up failed|upgrade failed/i);
      expect(server.child.exitCode).toBeNull();
    }
  }, 120_000);

  test('a migration that fails stops the start with one line naming it, and changes nothing', async () => {
    const database = await openEmptyTestDatabase();
    opened.push(database);
    // The database as the release before the newest migration left it.
    const previous = await mkdtemp(path.join(os.tmpdir(), 'tutorly-previous-migrations-'));
    cleanups.push(() => rm(previous, { recursive: true, force: true }));
    await cp(migrationsFolder, previous, { recursive: true });
    const journalFile = path.join(previous, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
    journal.entries = journal.entries.slice(0, -1);
    await writeFile(journalFile, JSON.stringify(journal));
    await database.migrate({ migrationsFolder: previous });
    const columnsBefore = await database.db.execute(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public' order by 1, 2`,
    );

    // Whatever the newest migration changes, PostgreSQL refuses it: every schema change but
    // the migrator's own bookkeeping fails while this trigger is there.
    await database.db.execute(sql`
      create function refuse_schema_changes() returns event_trigger language plpgsql as $$
      begin
        if current_query() not like '%__drizzle_migrations%' and tg_tag <> 'CREATE SCHEMA' then
          raise exception 'schema changes are refused during this test';
        end if;
      end $$`);
    await database.db.execute(
      sql`create event trigger refuse_schema_changes on ddl_command_start execute function refuse_schema_changes()`,
    );

    const env = await serverEnv(database);
    const failing = startServerProcess(await freePort(), env);
    const exit = await failing.exited;
    expect(exit.code).toBe(1);
    const lines = failing
      .output()
      .split('\n')
      .filter((line) => line.includes('upgrade failed'));
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as { level: number; msg: string; migration: string };
    expect(line).toMatchObject({ level: 60, migration: newest });
    expect(line.msg).toBe(
      `Database upgrade failed: migration ${newest} failed: schema changes are refused during this test (SQLSTATE P0001). The database is as it was: it was not applied.`,
    );
    expect(failing.output()).not.toContain(database.url!);

    expect(await applied(database)).toEqual({ count: allMigrations.length - 1, distinct: allMigrations.length - 1 });
    expect(
      await database.db.execute(
        sql`select table_name, column_name from information_schema.columns where table_schema = 'public' order by 1, 2`,
      ),
    ).toMatchObject({ rows: (columnsBefore as unknown as { rows: unknown[] }).rows });

    // Once the cause is gone, the next start applies it.
    await database.db.execute(sql`drop event trigger refuse_schema_changes`);
    const next = startServerProcess(await freePort(), env);
    await waitUntilReady(next);
    expect(await applied(database)).toEqual({ count: allMigrations.length, distinct: allMigrations.length });
  }, 120_000);
});
