import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * Which migration failed. Drizzle's migrator applies every pending migration in one transaction,
 * so a failure leaves the database exactly as it was, but its error names only the statement.
 * The statement is looked up among the pending migrations' own.
 */

interface JournalEntry {
  tag: string;
  when: number;
}

export interface Migration {
  /** The file's name without `.sql`: `0023_credential_epoch`. */
  tag: string;
  /** Drizzle records a migration as applied under this time (the journal's `when`). */
  createdAt: number;
  statements: string[];
}

/** The migrations of a folder, in the order they apply, as drizzle reads them. */
export function readMigrations(migrationsFolder: string): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map((entry) => ({
    tag: entry.tag,
    createdAt: entry.when,
    statements: readFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), 'utf8').split('--> statement-breakpoint'),
  }));
}

/** Class 22 (data exception) messages quote the value refused, which may be anyone's data. */
const VALUE_QUOTING_CLASS = '22';

export class MigrationFailedError extends Error {
  readonly migration: string | undefined;
  readonly code: string | undefined;
  readonly pending: string[];

  constructor(migration: string | undefined, pending: string[], cause: unknown) {
    const database = databaseErrorOf(cause);
    const reason =
      database?.code && database.code.startsWith(VALUE_QUOTING_CLASS)
        ? `SQLSTATE ${database.code}`
        : database
          ? `${database.message}${database.code ? ` (SQLSTATE ${database.code})` : ''}`
          : cause instanceof Error
            ? cause.message
            : String(cause);
    const which = migration ? `migration ${migration} failed` : `the migrations ${pending.join(', ')} failed`;
    const rolledBack =
      pending.length > 1
        ? `none of the ${pending.length} pending migrations (${pending[0]} to ${pending.at(-1)}) was applied`
        : 'it was not applied';
    super(`Database upgrade failed: ${which}: ${reason}. The database is as it was: ${rolledBack}.`, { cause });
    this.name = 'MigrationFailedError';
    this.migration = migration;
    this.code = database?.code;
    this.pending = pending;
  }
}

function databaseErrorOf(err: unknown): { message: string; code?: string } | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; severity?: unknown; cause?: unknown };
    if (typeof e.severity === 'string' && typeof e.message === 'string')
      return { message: e.message, ...(typeof e.code === 'string' ? { code: e.code } : {}) };
    current = e.cause;
  }
  return undefined;
}

/** The statement drizzle was running when it failed (its DrizzleQueryError keeps it). */
function failedStatementOf(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as { query?: unknown; cause?: unknown };
    if (typeof e.query === 'string') return e.query;
    current = e.cause;
  }
  return undefined;
}

type AnyDatabase = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/** The newest migration applied, as drizzle records it; 0 on a database it never migrated. */
async function lastAppliedAt(db: AnyDatabase): Promise<number> {
  try {
    const result = await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`);
    const rows = (result as unknown as { rows: { last: string | null }[] }).rows;
    return Number(rows[0]?.last ?? 0);
  } catch {
    return 0;
  }
}

/**
 * Runs `migrate` (drizzle's migrator on `db`) and, when it fails, throws a MigrationFailedError
 * naming the migration whose statement failed.
 */
export async function migrateNamingFailures(
  db: AnyDatabase,
  migrationsFolder: string,
  migrate: () => Promise<void>,
): Promise<void> {
  const appliedUpTo = await lastAppliedAt(db);
  try {
    await migrate();
  } catch (err) {
    const pending = readMigrations(migrationsFolder).filter((migration) => migration.createdAt > appliedUpTo);
    if (pending.length === 0) throw err;
    const statement = failedStatementOf(err);
    const failed = statement === undefined ? undefined : pending.find((m) => m.statements.includes(statement));
    throw new MigrationFailedError(
      failed?.tag,
      pending.map((m) => m.tag),
      err,
    );
  }
}
