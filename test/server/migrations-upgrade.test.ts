import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { migrationsFolder, type WritableDatabase } from '../../src/server/db/client';
import { MigrationFailedError, readMigrations } from '../../src/server/db/migrations';
import { openEmptyTestDatabase, type TestDatabase } from '../helpers/database';

// Upgrades in place: a database an earlier release made, holding data in every table it has,
// is migrated by this release's code and keeps every row; a migration that fails applies
// nothing and says which one it was. On the project's engine (both, over the two projects).
//
// "The previous release" is the migration journal up to the newest migration of the last
// release, recorded in test/fixtures/last-release.json; the upgrade is also run from one
// migration back, so the newest migration is always upgraded to, whatever the marker says.

const lastRelease = JSON.parse(await readFile(path.resolve('test/fixtures/last-release.json'), 'utf8')) as {
  newestMigration: string;
};
const allMigrations = readMigrations(migrationsFolder);
const starts = [...new Set([lastRelease.newestMigration, allMigrations.at(-2)!.tag])];

const opened: TestDatabase[] = [];
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** A copy of the migrations folder whose journal ends at `newest`, plus `extra` migrations after it. */
async function migrationsUpTo(newest: string, extra: { tag: string; sql: string }[] = []): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tutorly-migrations-'));
  folders.push(folder);
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[];
  };
  const end = journal.entries.findIndex((entry) => entry.tag === newest);
  if (end < 0) throw new Error(`no migration ${newest} in the journal`);
  journal.entries = journal.entries.slice(0, end + 1);
  for (const migration of extra) {
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1_000, tag: migration.tag });
    await writeFile(path.join(folder, `${migration.tag}.sql`), migration.sql);
  }
  await writeFile(journalFile, JSON.stringify(journal, null, 2));
  return folder;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_generated: string;
  is_identity: string;
}

/**
 * One row in every table of the public schema, whatever the schema is: each required column gets
 * a plain value of its type, each foreign key the row of the table it points to (tables are
 * filled in the order their keys need). Returns the tables that could not be filled, with why.
 */
async function fillEveryTable(db: WritableDatabase): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  ).map((row) => row.name);
  const columns = rowsOf<Column>(
    await db.execute(
      sql`select table_name, column_name, data_type, udt_name, is_nullable, column_default, is_generated, is_identity
          from information_schema.columns where table_schema = 'public' order by ordinal_position`,
    ),
  );
  const foreignKeys = rowsOf<{ table_name: string; column_name: string; ref_table: string; ref_column: string }>(
    await db.execute(sql`
      select cl.relname as table_name, att.attname as column_name, fcl.relname as ref_table, fatt.attname as ref_column
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_class fcl on fcl.oid = c.confrelid
      cross join lateral unnest(c.conkey, c.confkey) as k(col, fcol)
      join pg_attribute att on att.attrelid = c.conrelid and att.attnum = k.col
      join pg_attribute fatt on fatt.attrelid = c.confrelid and fatt.attnum = k.fcol
      where c.contype = 'f' and cl.relnamespace = 'public'::regnamespace`),
  );
  const enumLabels = new Map<string, string>();
  for (const row of rowsOf<{ typname: string; label: string }>(
    await db.execute(
      sql`select t.typname, e.enumlabel as label from pg_enum e join pg_type t on t.oid = e.enumtypid order by e.enumsortorder desc`,
    ),
  ))
    enumLabels.set(row.typname, row.label);

  const inserted = new Map<string, Record<string, unknown>>();
  const failures: Record<string, string> = {};
  const pending = new Set(tables);
  while (pending.size > 0) {
    const ready = [...pending].filter((table) =>
      foreignKeys
        .filter((key) => key.table_name === table && key.ref_table !== table)
        .every((key) => inserted.has(key.ref_table) || !tables.includes(key.ref_table) || failures[key.ref_table]),
    );
    if (ready.length === 0) {
      for (const table of pending) failures[table] = 'foreign keys in a cycle';
      break;
    }
    for (const table of ready) {
      pending.delete(table);
      // Kept by triggers on the tables filled before it (a search index, a count per department).
      const [existing] = rowsOf<Record<string, unknown>>(
        await db.execute(sql`select * from ${sql.identifier(table)} limit 1`),
      );
      if (existing) {
        inserted.set(table, existing);
        continue;
      }
      // The fewest columns first; a table whose check constraint ties columns to one another (a
      // second factor's fields to its kind) gets every column filled instead.
      let failure: string | undefined;
      for (const fillNullable of [false, true]) {
        const names: string[] = [];
        const values: ReturnType<typeof sql>[] = [];
        for (const column of columns.filter((c) => c.table_name === table)) {
          if (column.is_generated === 'ALWAYS') continue;
          const key = foreignKeys.find((k) => k.table_name === table && k.column_name === column.column_name);
          let value: ReturnType<typeof sql> | undefined;
          if (key && key.ref_table !== table) {
            const referenced = inserted.get(key.ref_table);
            if (referenced) value = sql`${referenced[key.ref_column] as string}`;
          } else if (
            (column.is_nullable === 'NO' || fillNullable) &&
            column.column_default === null &&
            column.is_identity !== 'YES'
          ) {
            value = plainValue(table, column, enumLabels);
          }
          if (!value) continue;
          names.push(column.column_name);
          values.push(value);
        }
        try {
          const statement =
            names.length === 0
              ? sql`insert into ${sql.identifier(table)} default values returning *`
              : sql`insert into ${sql.identifier(table)} (${sql.join(
                  names.map((name) => sql.identifier(name)),
                  sql`, `,
                )}) values (${sql.join(values, sql`, `)}) returning *`;
          const [row] = rowsOf<Record<string, unknown>>(await db.execute(statement));
          inserted.set(table, row!);
          failure = undefined;
          break;
        } catch (err) {
          failure = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
        }
      }
      if (failure) failures[table] = failure;
    }
  }
  return failures;
}

/** Text columns a check constraint limits to a few values (table.column → one of them). */
const checkedTextValues: Record<string, string> = {
  'second_factors.kind': 'totp',
  'users.language': 'en',
};

function plainValue(table: string, column: Column, enumLabels: Map<string, string>): ReturnType<typeof sql> {
  const text = `${table} ${column.column_name}`;
  const checked = checkedTextValues[`${table}.${column.column_name}`];
  if (checked) return sql`${checked}`;
  switch (column.data_type) {
    case 'uuid':
      return sql`gen_random_uuid()`;
    case 'text':
    case 'character varying':
      return sql`${column.column_name.includes('email') ? `${table}@upgrade.test` : text}`;
    case 'integer':
    case 'smallint':
    case 'bigint':
    case 'numeric':
    case 'real':
    case 'double precision':
      return sql`1`;
    case 'boolean':
      return sql`false`;
    case 'timestamp with time zone':
    case 'timestamp without time zone':
    case 'date':
      return sql`now()`;
    case 'jsonb':
    case 'json':
      return sql`'{}'`;
    case 'ARRAY':
      return sql`'{}'`;
    case 'bytea':
      return sql`'\\x00'::bytea`;
    case 'inet':
      return sql`'127.0.0.1'`;
    case 'USER-DEFINED': {
      const label = enumLabels.get(column.udt_name);
      return label ? sql`${label}` : sql`${text}`;
    }
    default:
      return sql`${text}`;
  }
}

/** Every row of every table, by table, each as its columns' values. */
async function everyRow(db: WritableDatabase): Promise<Record<string, Record<string, unknown>[]>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  ).map((row) => row.name);
  const rows: Record<string, Record<string, unknown>[]> = {};
  for (const table of tables) {
    rows[table] = rowsOf<{ row: Record<string, unknown> }>(
      await db.execute(sql`select to_jsonb(t) as row from ${sql.identifier(table)} as t`),
    ).map((result) => result.row);
  }
  return rows;
}

/** The rows as an earlier schema saw them: only the columns it had. */
function asBefore(rows: Record<string, unknown>[], columns: string[]): string[] {
  return rows.map((row) => JSON.stringify(Object.fromEntries(columns.map((column) => [column, row[column]])))).sort();
}

async function rowCounts(db: WritableDatabase, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ count: number }>(
      await db.execute(sql`select count(*)::int as count from ${sql.identifier(table)}`),
    );
    counts[table] = row!.count;
  }
  return counts;
}

async function appliedMigrations(db: WritableDatabase): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`),
  );
  return row!.count;
}

describe('upgrading a database in place', () => {
  for (const start of starts) {
    test(`a database made by the migrations up to ${start}, with data in every table, keeps every row`, async () => {
      const database = await openEmptyTestDatabase();
      opened.push(database);
      await database.migrate({ migrationsFolder: await migrationsUpTo(start) });
      expect(await fillEveryTable(database.db)).toEqual({});
      const before = await everyRow(database.db);
      const tables = Object.keys(before);
      const countsBefore = await rowCounts(database.db, tables);
      expect(Object.values(countsBefore).every((count) => count > 0)).toBe(true);

      await database.migrate();

      expect(await appliedMigrations(database.db)).toBe(allMigrations.length);
      // A migration may add rows (a setting it stores for sites that already had accounts); none is lost.
      const countsAfter = await rowCounts(database.db, tables);
      for (const table of tables) expect(countsAfter[table], table).toBeGreaterThanOrEqual(countsBefore[table]!);
      // Nothing the earlier release had is gone or changed: every row, every value it had.
      const after = await everyRow(database.db);
      for (const table of tables) {
        const columns = Object.keys(before[table]![0]!);
        expect(asBefore(after[table] ?? [], columns), table).toEqual(
          expect.arrayContaining(asBefore(before[table]!, columns)),
        );
      }
    }, 60_000);
  }

  test('a migration that fails applies nothing, names itself, and the next start applies it once fixed', async () => {
    const database = await openEmptyTestDatabase();
    opened.push(database);
    const previous = allMigrations.at(-2)!.tag;
    await database.migrate({ migrationsFolder: await migrationsUpTo(previous) });
    expect(await fillEveryTable(database.db)).toEqual({});
    const before = await everyRow(database.db);
    const counts = await rowCounts(database.db, Object.keys(before));

    // The newest real migration, then one that adds a column and then fails.
    const broken = await migrationsUpTo(allMigrations.at(-1)!.tag, [
      {
        tag: '9998_adds_then_fails',
        sql: 'ALTER TABLE "users" ADD COLUMN "never_kept" integer;\n--> statement-breakpoint\nSELECT 1 / 0;',
      },
    ]);
    const failure = await database.migrate({ migrationsFolder: broken }).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(MigrationFailedError);
    const error = failure as MigrationFailedError;
    expect(error.migration).toBe('9998_adds_then_fails');
    expect(error.code).toBe('22012');
    expect(error.message).toBe(
      `Database upgrade failed: migration 9998_adds_then_fails failed: SQLSTATE 22012. The database is as it was: none of the 2 pending migrations (${allMigrations.at(-1)!.tag} to 9998_adds_then_fails) was applied.`,
    );

    // As it was: neither the newest real migration nor the broken one's first statement stayed.
    expect(await appliedMigrations(database.db)).toBe(allMigrations.length - 1);
    const usersColumns = rowsOf<{ name: string }>(
      await database.db.execute(
        sql`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = 'users'`,
      ),
    ).map((row) => row.name);
    expect(usersColumns).not.toContain('never_kept');
    expect(await rowCounts(database.db, Object.keys(before))).toEqual(counts);

    // The release's own migrations apply on the next start.
    await database.migrate();
    expect(await appliedMigrations(database.db)).toBe(allMigrations.length);
  }, 60_000);
});
