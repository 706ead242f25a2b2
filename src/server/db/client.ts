import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { ChangeFeed } from '../cache/change-feed';
import { makePrivateDir, tightenTree } from '../lib/private-files';
import { projectRoot } from '../lib/project-root';
import { publishChangesOf, instanceIdOf } from './change-data';
import { type AnnouncementCounts, openChangeChannel } from './change-channel';
import { DatabaseOutage, type OutageLogger } from './connection-outage';
import { type DataDirLock, lockDataDir } from './data-dir-lock';
import { migrateNamingFailures } from './migrations';
import { ReportingPool, reportingClientClass, reportQueriesOf } from './query-events';
import * as schema from './schema';

/** The same Drizzle API whichever engine is underneath; a transaction is one too. */
export type WritableDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * What services are given: the database to read. Writing takes changeData (db/change-data.ts),
 * which hands out the writable transaction and requires saying what the write changes.
 */
export type Database = Omit<
  WritableDatabase,
  'insert' | 'update' | 'delete' | 'transaction' | 'execute' | 'refreshMaterializedView'
>;

export const migrationsFolder = path.join(projectRoot, 'drizzle');

/** One pool's connections at this moment; those in use are `open - idle`. */
export interface PoolStats {
  pool: 'read' | 'write';
  open: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** What metrics report of the database handle. */
export interface DatabaseStats {
  pools: PoolStats[];
  announcements: AnnouncementCounts;
}

export interface DatabaseHandle {
  /** Writable, for tools and tests that set data up directly; the app gives services its read view. */
  db: WritableDatabase;
  /** Where changeData runs writes: connections of their own on PostgreSQL, `db` itself embedded. */
  writer: WritableDatabase;
  kind: 'pglite' | 'postgres';
  /** The changes committed through this handle, and (on PostgreSQL) those other instances commit. */
  changeFeed: ChangeFeed;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Opens every pooled connection now (at start-up), so no request waits for one to be made:
   * making a PostgreSQL connection costs tens of milliseconds, and more on a busy host.
   */
  openConnections(): Promise<void>;
  /**
   * Applies the pending migrations, all in one transaction: a failure applies none of them and
   * throws a MigrationFailedError (db/migrations.ts) that names the migration. `migrationsFolder`
   * is for tests; the server applies the release's own.
   */
  migrate(options?: { migrationsFolder?: string }): Promise<void>;
  /** Read when metrics are scraped: the pools' connections and the announcements exchanged with other instances. */
  stats(): DatabaseStats;
  /** Lost connections and failed requests, told to the operator once per outage. */
  outage: DatabaseOutage;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      /** Connections for reads (10 by default)... */
      poolSize?: number;
      /** ...and kept apart for writes (4 by default). */
      writePoolSize?: number;
      /** Where a lost connection, and the end of the outage, are told (once per outage). */
      logger?: OutageLogger;
    }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /**
       * Told when the folder was left by an unclean stop and the database recovers as it opens,
       * and (once per outage) when a query finds the engine gone.
       */
      logger?: OutageLogger & StartLog;
    };

/** Where opening the embedded database says what takes long (a pino or Fastify logger). */
interface StartLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * What the embedded engine says while it recovers: PostgreSQL's own start-up lines (interrupted,
 * redo starts, redo in progress with its elapsed time, redo done), without their time stamp.
 */
const RECOVERY_LINE = /(interrupted|not properly shut down|recovery|redo )/;
function recoveryProgress(text: string): string | null {
  if (!RECOVERY_LINE.test(text)) return null;
  return text.replace(/^.*?\b(LOG|WARNING):\s+/, '').trim();
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') return openPostgres(options);
  return openPglite(options);
}

async function openPostgres(options: Extract<DatabaseOptions, { kind: 'postgres' }>): Promise<DatabaseHandle> {
  const outage = new DatabaseOutage(options.logger);
  const connectionLost = (err: Error) => outage.connectionLost(err);
  const poolOf = (max: number, use: 'read' | 'write') => {
    // A connection once made stays open (no idle timeout): the pool is as large as it may ever be
    // needed anyway, and one closed after a quiet spell would be made again on a request's time.
    const pool = new ReportingPool({
      connectionString: options.url,
      max,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 0,
      Client: reportingClientClass(use, connectionLost),
    });
    // The client's own listener has reported it; pg-pool re-emits an idle client's loss here, and
    // an unheard 'error' would end the process. The pool drops the client and makes a new one on demand.
    pool.on('error', () => undefined);
    pool.on('connect', () => outage.connectionMade());
    return pool;
  };
  const readConnections = options.poolSize ?? 10;
  const writeConnections = options.writePoolSize ?? 4;
  const pool = poolOf(readConnections, 'read');
  // Writes wait for no read: when every kept answer is read again at once, a post still gets a
  // connection at once (db/change-data.ts runs every write on these).
  const writePool = poolOf(writeConnections, 'write');
  const changeFeed = new ChangeFeed({ tracking: false });
  const db = drizzlePg(pool, { schema }) as unknown as WritableDatabase;
  const writer = drizzlePg(writePool, { schema }) as unknown as WritableDatabase;
  const announcements: AnnouncementCounts = { sent: 0, received: 0 };
  publishChangesOf(db, changeFeed, { announces: true, writer, counts: announcements });
  // Other instances on the same database hear of this one's changes, and it of theirs.
  const channel = openChangeChannel({
    url: options.url,
    instanceId: instanceIdOf(db),
    feed: changeFeed,
    counts: announcements,
    onError: connectionLost,
  });
  return {
    db,
    writer,
    kind: 'postgres',
    changeFeed,
    outage,
    ping: async () => {
      await Promise.all([pool.query('select 1'), writePool.query('select 1')]);
    },
    openConnections: async () => {
      // As many at once as each pool holds: each waiting query makes a connection of its own.
      const fill = (filled: pg.Pool, max: number) =>
        Promise.all(Array.from({ length: max }, () => filled.query('select 1')));
      await Promise.all([fill(pool, readConnections), fill(writePool, writeConnections)]);
    },
    migrate: async ({ migrationsFolder: folder = migrationsFolder } = {}) => {
      const client = await pool.connect();
      try {
        // Several instances may start at once; only one applies migrations at a time, and the
        // others then find nothing pending.
        await client.query('select pg_advisory_lock(7243001)');
        const migrating = drizzlePg(client, { schema });
        await migrateNamingFailures(migrating, folder, () => migratePg(migrating, { migrationsFolder: folder }));
      } finally {
        await client.query('select pg_advisory_unlock(7243001)').catch(() => undefined);
        client.release();
      }
    },
    stats: () => ({
      pools: [
        { pool: 'read', open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
        { pool: 'write', open: writePool.totalCount, idle: writePool.idleCount, waiting: writePool.waitingCount },
      ],
      announcements,
    }),
    close: async () => {
      await channel.stop();
      await Promise.all([pool.end(), writePool.end()]);
    },
  };
}

async function openPglite(options: Extract<DatabaseOptions, { kind: 'pglite' }>): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  if (options.dataDir) {
    await makePrivateDir(options.dataDir);
    lock = lockDataDir(options.dataDir);
  }
  const unlock = () => lock?.unlock();
  // After kill -9 or a power loss PostgreSQL replays its write-ahead log before it answers: about
  // twice a clean start (docs/when-things-fail.md), silent unless we say so.
  const recovering = lock?.uncleanStop === true;
  const startedAt = performance.now();
  if (recovering)
    options.logger?.warn(
      `recovering the embedded database after an unclean stop (${options.dataDir}): replaying its write-ahead log, which takes about twice a normal start`,
    );
  let client: PGlite;
  let opening = true;
  try {
    // Trigram search (the migrations create the extension) ships with PGlite as a contrib module.
    client = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      extensions: { pg_trgm },
      onStderr: (text) => {
        const progress = recovering && opening ? recoveryProgress(text) : null;
        if (progress) options.logger?.info(`embedded database: ${progress}`);
        return false;
      },
    });
  } catch (err) {
    unlock();
    throw err;
  }
  opening = false;
  // Without a data folder the database lives in this process's memory and ends with it, so a
  // commit need not wait for the write-ahead log. Set for the session, not in the configuration
  // files: a copy of this database (dumpPglite) may become a data folder that must be durable.
  if (!options.dataDir) await client.exec('set synchronous_commit = off');
  if (recovering)
    options.logger?.warn(`embedded database recovered in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
  // PGlite makes its files 0666 whatever the umask: they go back to the owner alone on every
  // open, migration and close (lib/private-files.ts).
  const tighten = async () => {
    if (options.dataDir) await tightenTree(options.dataDir);
  };
  await tighten();
  reportQueriesOf(client);
  const outage = new DatabaseOutage(options.logger);
  // Its one connection is never lost: an outage (503s) ends when a query succeeds again.
  const inFlight = countUses(client, () => outage.connectionMade());
  // The data folder is locked to this process, so every change is made through this client.
  const changeFeed = new ChangeFeed({ tracking: true });
  const db = drizzlePglite(client, { schema }) as unknown as WritableDatabase;
  publishChangesOf(db, changeFeed, { announces: false });
  return {
    db,
    writer: db,
    kind: 'pglite',
    changeFeed,
    outage,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // One connection, in this process, open from the start.
    openConnections: async () => undefined,
    migrate: async ({ migrationsFolder: folder = migrationsFolder } = {}) => {
      const migrating = drizzlePglite(client, { schema });
      try {
        await migrateNamingFailures(migrating, folder, () => migratePglite(migrating, { migrationsFolder: folder }));
      } finally {
        await tighten();
      }
    },
    stats: () => {
      const uses = inFlight();
      return {
        pools: [{ pool: 'write', open: 1, idle: uses === 0 ? 1 : 0, waiting: Math.max(0, uses - 1) }],
        // One process owns the embedded database: there is nobody to announce changes to.
        announcements: { sent: 0, received: 0 },
      };
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
        await tighten();
      } finally {
        unlock();
      }
    },
  };
}

/**
 * The queries and transactions asked of an embedded database and not yet answered. It runs one
 * at a time, each transaction whole, so the first is using its one connection and the rest wait.
 */
function countUses(client: PGlite, answered: () => void): () => number {
  let inFlight = 0;
  const counted =
    <Args extends unknown[], Result>(run: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      inFlight += 1;
      try {
        const result = await run(...args);
        answered();
        return result;
      } finally {
        inFlight -= 1;
      }
    };
  client.query = counted(client.query.bind(client)) as PGlite['query'];
  client.transaction = counted(client.transaction.bind(client)) as PGlite['transaction'];
  return () => inFlight;
}

/** The PGlite instance behind a handle, for snapshotting in tests and backups. */
export async function dumpPglite(handle: DatabaseHandle): Promise<Blob> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
