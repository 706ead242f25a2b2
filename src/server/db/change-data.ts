import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ChangeFeed } from '../cache/change-feed';
import { everythingChanged, type DataChange } from '../cache/data-changes';
import { AppError } from '../lib/errors';
import { announcementOf, type AnnouncementCounts, DATA_CHANGED_CHANNEL } from './change-channel';
import type { Database, WritableDatabase } from './client';

/**
 * Said by a write whose tables no kept answer reads (rate-limit counters, the audit log,
 * notifications, AI-draft counters...): see KEPT_ANSWERS_BY_TABLE in cache/kept-tables.ts.
 */
export const NOTHING_KEPT: unique symbol = Symbol('nothing kept');

/** What a write says it changed: the answers it affects, or that no kept answer reads its tables. */
export type DeclaredChanges = readonly DataChange[] | typeof NOTHING_KEPT;

/** Adds what the write turned out to change once it knew (the tutors of a deleted user's reviews...). */
export type AlsoChanged = (...changes: DataChange[]) => void;

interface ChangePublishing {
  feed: ChangeFeed;
  /**
   * Where writes run: on PostgreSQL, connections kept apart from the reads', so that a burst of
   * reads (every kept answer dropped at once, a cold start) never queues a student's change
   * behind it; the embedded database's one connection otherwise.
   */
  writer: WritableDatabase;
  /** Names this instance in its announcements, so it skips its own when they come back. */
  instanceId: string;
  /** Whether other instances may be listening (a PostgreSQL server); the embedded database has one process. */
  announces: boolean;
  /** StatementAnnouncement.tooLarge: the same for every statement, so made once. */
  tooLargeAnnouncement: string;
  /** Where the announcements sent are counted. */
  counts: AnnouncementCounts;
  /** A change of unknown scope drops everything: said at debug level, so it does not go unnoticed. */
  onEverything: (reason: string) => void;
}

interface OpenTransaction {
  changes: DataChange[];
  publishing: ChangePublishing;
}

const publishingOf = new WeakMap<object, ChangePublishing>();
const openTransactions = new WeakMap<object, OpenTransaction>();

/**
 * Called once per database handle: writes through it publish their changes to this feed. They
 * run on `writer` when given (connections kept for writes), else on `db` itself.
 */
export function publishChangesOf(
  db: WritableDatabase,
  feed: ChangeFeed,
  options: { announces: boolean; writer?: WritableDatabase; counts?: AnnouncementCounts },
): void {
  const writer = options.writer ?? db;
  const instanceId = randomUUID();
  const publishing: ChangePublishing = {
    feed,
    writer,
    instanceId,
    announces: options.announces,
    tooLargeAnnouncement: options.announces
      ? announcementOf(instanceId, [everythingChanged('an announcement too large once filled in')])
      : '',
    counts: options.counts ?? { sent: 0, received: 0 },
    onEverything: () => undefined,
  };
  publishingOf.set(db, publishing);
  publishingOf.set(writer, publishing);
}

/**
 * Another Drizzle instance over the same connections (a test's statement logger) publishes as
 * `original` does, and writes through itself.
 */
export function publishChangesLike(db: WritableDatabase, original: Database): void {
  publishingOf.set(db, { ...publishingFor(original), writer: db });
}

export function instanceIdOf(db: Database): string {
  return publishingFor(db).instanceId;
}

/** Where changes of unknown scope are reported (the app's logger, once it exists). */
export function reportEverythingChangesOf(db: Database, report: (reason: string) => void): void {
  const publishing = publishingOf.get(db);
  if (publishing) publishing.onEverything = report;
}

function publishingFor(db: Database): ChangePublishing {
  const publishing = publishingOf.get(db);
  if (!publishing) throw new Error('changeData needs the database handle (or a transaction of changeData)');
  return publishing;
}

function publish(publishing: ChangePublishing, changes: readonly DataChange[]): void {
  for (const change of changes) if (change.kind === 'everything') publishing.onEverything(change.reason);
  publishing.feed.publish(changes);
}

/**
 * Whether a failed write may have committed all the same (the connection broke during COMMIT):
 * then its changes are published too. A refusal (AppError), a constraint or any other error the
 * database answered with rolled everything back.
 */
function mayHaveCommitted(err: unknown): boolean {
  if (err instanceof AppError) return false;
  const code = (err as { code?: unknown } | null)?.code;
  // Without a SQLSTATE the error came from the driver or the network, not from the database's answer.
  if (typeof code !== 'string') return true;
  return code.startsWith('08') || code === '57P01';
}

/**
 * Every change to the data goes through here, saying what it changed: `work` runs in one
 * transaction, the changes are announced to the other instances inside it (pg_notify, delivered
 * exactly when it commits), and this instance's kept answers they affect are dropped once it
 * has committed. Inside another changeData's transaction, it runs as a savepoint of it and adds
 * its changes to the outer ones.
 */
export async function changeData<T>(
  db: Database,
  declared: DeclaredChanges,
  work: (tx: WritableDatabase, alsoChanged: AlsoChanged) => Promise<T>,
): Promise<T> {
  const outer = openTransactions.get(db);
  if (outer) {
    if (declared !== NOTHING_KEPT) outer.changes.push(...declared);
    return (db as WritableDatabase).transaction(async (savepoint) => {
      openTransactions.set(savepoint, outer);
      return work(savepoint, (...changes) => outer.changes.push(...changes));
    });
  }
  const publishing = publishingFor(db);
  const open: OpenTransaction = { changes: declared === NOTHING_KEPT ? [] : [...declared], publishing };
  try {
    const result = await publishing.writer.transaction(async (tx) => {
      openTransactions.set(tx, open);
      const value = await work(tx, (...changes) => open.changes.push(...changes));
      if (publishing.announces && open.changes.length > 0) {
        await tx.execute(
          sql`select pg_notify(${DATA_CHANGED_CHANNEL}, ${announcementOf(publishing.instanceId, open.changes)})`,
        );
      }
      return value;
    });
    if (publishing.announces && open.changes.length > 0) publishing.counts.sent += 1;
    publish(publishing, open.changes);
    return result;
  } catch (err) {
    if (mayHaveCommitted(err)) publish(publishing, open.changes);
    throw err;
  }
}

/** What a one-statement write sends with pg_notify (see changeInOneStatement). */
export interface StatementAnnouncement {
  channel: string;
  /** The announcement of the declared changes; empty when nobody listens (the embedded database). */
  payload: string;
  /**
   * Sent instead by a statement that fills values of its own into `payload` (FILLED_IN_BY_STATEMENT)
   * when they make it larger than a notification may be.
   */
  tooLarge: string;
}

/**
 * A write of one statement, for hot paths where a transaction's extra round trips count: the
 * statement itself must send `announcement` with `select pg_notify(channel, announcement)` in
 * one of its parts (`announcementStatement` below) when there are changes, so it is announced
 * exactly when the statement commits. This instance's kept answers are dropped once it has.
 */
export async function changeInOneStatement<T>(
  db: Database,
  declared: DeclaredChanges,
  statement: (db: WritableDatabase, announcement: StatementAnnouncement) => Promise<T>,
  /**
   * What the statement changed, told more exactly by its answer (where a review moved its
   * tutor's average): this instance drops only that. The announcement, sent before the answer
   * is known, says `declared`, which must cover it.
   */
  changedAsAnswered?: (result: T) => readonly DataChange[],
): Promise<T> {
  const changes = declared === NOTHING_KEPT ? [] : declared;
  const outer = openTransactions.get(db);
  if (outer) {
    outer.changes.push(...changes);
    return statement(db as WritableDatabase, { channel: DATA_CHANGED_CHANNEL, payload: '', tooLarge: '' });
  }
  const publishing = publishingFor(db);
  const announcement: StatementAnnouncement = {
    channel: DATA_CHANGED_CHANNEL,
    // The embedded database has nobody to tell: an empty payload is sent to nobody.
    payload: publishing.announces ? announcementOf(publishing.instanceId, changes) : '',
    tooLarge: publishing.tooLargeAnnouncement,
  };
  try {
    const result = await statement(publishing.writer, announcement);
    if (publishing.announces && changes.length > 0) publishing.counts.sent += 1;
    publish(publishing, changedAsAnswered?.(result) ?? changes);
    return result;
  } catch (err) {
    if (mayHaveCommitted(err)) publish(publishing, changes);
    throw err;
  }
}

/**
 * A write other instances need not hear of: only this instance drops what it kept. For data an
 * instance re-reads on its own when its kept copy matters (a session's last-active time, which
 * is written once a minute and read again before a session is judged idle), where announcing
 * every such write would cost each a serialized commit.
 */
export async function changeLocally<T>(
  db: Database,
  changes: readonly DataChange[],
  statement: (db: WritableDatabase) => Promise<T>,
): Promise<T> {
  const outer = openTransactions.get(db);
  if (outer) {
    outer.changes.push(...changes);
    return statement(db as WritableDatabase);
  }
  const publishing = publishingFor(db);
  try {
    return await statement(publishing.writer);
  } finally {
    publish(publishing, changes);
  }
}
