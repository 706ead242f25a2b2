import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterEach, expect, test } from 'vitest';
import { migrationsFolder } from '../../src/server/db/client';

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

async function storedRequirement(client: PGlite): Promise<unknown[]> {
  const { rows } = await client.query<{ value: unknown }>(
    `select value from settings where key = 'adminsMustUseSecondFactor'`,
  );
  return rows.map((row) => row.value);
}

test('a site that already had accounts gets the requirement stored off', { timeout: 120_000 }, async () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: await migrationsBefore(MIGRATION) });
    await client.query(
      `insert into users (name, email, role, created_at, updated_at) values ('Dana Dean', 'dean@uni.example', 'admin', now(), now())`,
    );
    await migrate(db, { migrationsFolder });
    expect(await storedRequirement(client)).toEqual([false]);
  } finally {
    await client.close();
  }
});

test('a new installation stores nothing, so the requirement is on', { timeout: 120_000 }, async () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder });
    expect(await storedRequirement(client)).toEqual([]);
  } finally {
    await client.close();
  }
});
