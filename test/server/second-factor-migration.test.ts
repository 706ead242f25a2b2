import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client';
import { openEmptyTestDatabase, type TestDatabase } from '../helpers/database';

// "Administrators must use a second factor" is on for a new installation: a database with no
// account when the migration that brought the setting runs. A site that already had accounts
// gets it stored off, so its administrators are not stopped at their next sign-in unannounced.

const MIGRATION = '0024_second_factor';
const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
});

/** The migrations folder as it was before the second factor's migration. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tutorly-migrations-'));
  folders.push(folder);
  await cp(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

async function storedRequirement(database: TestDatabase): Promise<unknown[]> {
  const result = await database.db.execute<{ value: unknown }>(
    sql`select value from settings where key = 'adminsMustUseSecondFactor'`,
  );
  return (result as unknown as { rows: { value: unknown }[] }).rows.map((row) => row.value);
}

test('a site that already had accounts gets the requirement stored off', { timeout: 120_000 }, async () => {
  const database = await openEmptyTestDatabase();
  try {
    await database.migrate({ migrationsFolder: await migrationsBefore(MIGRATION) });
    await database.db.execute(
      sql`insert into users (name, email, role, created_at, updated_at) values ('Dana Dean', 'dean@uni.example', 'admin', now(), now())`,
    );
    await database.migrate();
    expect(await storedRequirement(database)).toEqual([false]);
  } finally {
    await database.close();
  }
});

test('a new installation stores nothing, so the requirement is on', { timeout: 120_000 }, async () => {
  const database = await openEmptyTestDatabase();
  try {
    await database.migrate();
    expect(await storedRequirement(database)).toEqual([]);
  } finally {
    await database.close();
  }
});
