import { and, asc, count, desc, eq, exists, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  auditActionLabels,
  DELETED_ACCOUNT_NAME,
  type AuditAction,
  type AuditEntry,
  type AuditLogActors,
  type AuditLogFilter,
  type AuditLogPage,
  type AuditLogQuery,
  type AuditTargetType,
} from '../../shared/audit';
import { offsetOf } from '../../shared/pagination';
import type { Database, WritableDatabase } from '../db/client';
import { type AuditData, auditLog, reviewResponses, reviews, tutors, users, type AuditLogRow } from '../db/schema';
import { DAY_MS } from '../lib/clock';
import { csvLine } from '../lib/csv';

export interface AuditRecord {
  /** The administrator who acted. */
  actorId: string;
  action: AuditAction;
  target: { type: AuditTargetType; id: string | null };
  tutorId?: string | null;
  /** Whose content or account it was. */
  subjectUserId?: string | null;
  reason?: string | null;
  /** Names and titles as they were, and what changed; never passwords or secrets. */
  data?: AuditData;
}

/**
 * Writes one audit log entry. Called with the transaction of the change it describes, so an
 * entry exists exactly when the change does.
 */
export async function recordAudit(tx: WritableDatabase, record: AuditRecord, now: Date): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: record.actorId,
    action: record.action,
    targetType: record.target.type,
    targetId: record.target.id,
    tutorId: record.tutorId ?? null,
    subjectUserId: record.subjectUserId ?? null,
    reason: record.reason ?? null,
    data: record.data ?? {},
    createdAt: now,
  });
}

/** The name an entry's target had, as the entry recorded it. */
function targetLabel(row: AuditLogRow): string | null {
  switch (row.targetType) {
    case 'tutor':
      return row.data.tutorName ?? null;
    case 'review':
    case 'response':
      // A response is labelled by the title of the review it answers.
      return row.data.reviewTitle ?? null;
    case 'user':
      return row.data.userName ?? null;
    case 'settings':
      return null;
  }
}

/** Whether the entry's record is still there (a link to it leads somewhere). */
const targetExists = sql<boolean>`case ${auditLog.targetType}
  when 'review' then exists (select 1 from ${reviews} where ${reviews.id} = ${auditLog.targetId})
  when 'response' then exists (select 1 from ${reviewResponses} where ${reviewResponses.id} = ${auditLog.targetId})
  when 'tutor' then exists (select 1 from ${tutors} where ${tutors.id} = ${auditLog.targetId})
  when 'user' then exists (select 1 from ${users} where ${users.id} = ${auditLog.targetId})
  else false end`;

/** One entry as the admin console shows it (the dashboard's recent activity, the audit log page). */
function auditEntryOf(row: AuditLogRow, actorName: string | null, exists: boolean): AuditEntry {
  return {
    id: row.id,
    action: row.action,
    actor: row.actorId && actorName !== null ? { id: row.actorId, name: actorName } : null,
    target: {
      type: row.targetType,
      id: row.targetType === 'settings' ? null : row.targetId,
      label: targetLabel(row),
      exists: row.targetType !== 'settings' && exists,
    },
    tutorId: row.tutorId,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

const newestFirst = [desc(auditLog.createdAt), desc(auditLog.id)];

function entryRows(db: Database) {
  return db
    .select({ entry: auditLog, actorName: users.name, exists: targetExists })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId));
}

/** The start of a UTC day given as YYYY-MM-DD, `days` later. */
function dayStart(day: string, days = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS);
}

function matching(filter: AuditLogFilter): SQL | undefined {
  return and(
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.from ? gte(auditLog.createdAt, dayStart(filter.from)) : undefined,
    // The end day is included: everything before the next day starts.
    filter.to ? lt(auditLog.createdAt, dayStart(filter.to, 1)) : undefined,
  );
}

/** The latest entries, newest first: the dashboard's recent activity. */
export async function recentAuditEntries(db: Database, limit: number): Promise<AuditEntry[]> {
  const rows = await entryRows(db)
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(({ entry, actorName, exists }) => auditEntryOf(entry, actorName, exists));
}

/** The audit log page: the entries the filters match, newest first, a page at a time. */
export async function listAuditLog(db: Database, query: AuditLogQuery): Promise<AuditLogPage> {
  const where = matching(query);
  const [rows, [totals]] = await Promise.all([
    entryRows(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map(({ entry, actorName, exists }) => auditEntryOf(entry, actorName, exists)),
    total: totals?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Everyone with entries in the log, by name: the person filter's choices. */
export async function listAuditLogActors(db: Database): Promise<AuditLogActors> {
  const rows = await db
    .selectDistinct({ id: users.id, name: users.name })
    .from(users)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(auditLog)
          .where(eq(auditLog.actorId, users.id)),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
  return { items: rows };
}

const CSV_BATCH_SIZE = 500;
export const AUDIT_LOG_CSV_HEADER = ['When', 'Who', 'Action', 'Record type', 'Record', 'Record id', 'Reason'];

/**
 * Every entry the filters match, newest first, as CSV lines (the header first), read a batch at
 * a time so a long log never sits whole in memory.
 */
export async function* auditLogCsv(db: Database, filter: AuditLogFilter): AsyncGenerator<string> {
  yield csvLine(AUDIT_LOG_CSV_HEADER);
  const where = matching(filter);
  for (let offset = 0; ; offset += CSV_BATCH_SIZE) {
    const rows = await entryRows(db)
      .where(where)
      .orderBy(...newestFirst)
      .limit(CSV_BATCH_SIZE)
      .offset(offset);
    for (const { entry, actorName, exists } of rows) {
      const shown = auditEntryOf(entry, actorName, exists);
      yield csvLine([
        shown.createdAt,
        shown.actor?.name ?? DELETED_ACCOUNT_NAME,
        auditActionLabels[shown.action],
        shown.target.type,
        shown.target.label ?? '',
        shown.target.id ?? '',
        shown.reason ?? '',
      ]);
    }
    if (rows.length < CSV_BATCH_SIZE) return;
  }
}
