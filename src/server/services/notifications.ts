import { and, asc, count, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Notification, NotificationList, NotificationListQuery } from '../../shared/notifications';
import { offsetOf } from '../../shared/pagination';
import { isUuid } from '../../shared/ids';
import { changeData, changeInOneStatement, NOTHING_KEPT } from '../db/change-data';
import type { Database, WritableDatabase } from '../db/client';
import {
  departmentFollows,
  notifications,
  users,
  type NotificationData,
  type NotificationKind,
  type NotificationRow,
  type TutorRow,
} from '../db/schema';
import { AppError } from '../lib/errors';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  /** What it is about; becomes null if that tutor is deleted later, while `data` keeps its name. */
  tutorId: string | null;
  /** Everything the message needs to be worded without its tutor (name, reason). */
  data: NotificationData;
  createdAt: Date;
}

/**
 * Records a notification for one user. Called with the transaction of the change it reports,
 * so a notification never exists for a change that was rolled back, and vice versa.
 */
export async function notify(tx: WritableDatabase, notification: NewNotification): Promise<NotificationRow> {
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: notification.userId,
      kind: notification.kind,
      tutorId: notification.tutorId,
      data: notification.data,
      createdAt: notification.createdAt,
    })
    .returning();
  return row!;
}

/**
 * Tells everyone who follows the tutor's department that it is now public, in the transaction
 * that published it. One statement whatever the number of followers. Left out: the submitter
 * (told through submission_approved), the administrator who published it, and disabled accounts.
 */
export async function announceTutorPublished(
  tx: WritableDatabase,
  tutor: Pick<TutorRow, 'id' | 'name' | 'department' | 'submittedBy'>,
  publishedBy: string,
  now: Date,
): Promise<void> {
  const data: NotificationData = { tutorName: tutor.name, department: tutor.department };
  const conditions: SQL[] = [
    // The expression of department_follows_department_lower_idx.
    sql`lower(${departmentFollows.department}) = lower(${tutor.department})`,
    isNull(users.disabledAt),
    ne(departmentFollows.userId, publishedBy),
  ];
  if (tutor.submittedBy) conditions.push(ne(departmentFollows.userId, tutor.submittedBy));
  const kind: NotificationKind = 'tutor_published';
  // Distinct: one announcement per follower, even should one department be stored in two spellings.
  await tx.execute(sql`
    insert into ${notifications} (user_id, kind, tutor_id, data, created_at)
    select distinct ${departmentFollows.userId}, ${kind}, ${tutor.id}::uuid, ${JSON.stringify(data)}::jsonb, ${now.toISOString()}::timestamptz
    from ${departmentFollows}
    inner join ${users} on ${users.id} = ${departmentFollows.userId}
    where ${and(...conditions)}
  `);
}

const NOTIFICATION_NOT_FOUND_MESSAGE = 'Notification not found.';

function notificationOf(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    tutorId: row.tutorId,
    tutorName: row.data.tutorName ?? null,
    department: row.data.department ?? null,
    reviewTitle: row.data.reviewTitle ?? null,
    reviewId: row.data.reviewId ?? null,
    reason: row.data.reason ?? null,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** How many notifications the user has not read yet (the navigation badge). */
export async function countUnread(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

/** The user's notifications, newest first, with the unread count. */
export async function listNotifications(
  db: Database,
  userId: string,
  query: NotificationListQuery,
): Promise<NotificationList> {
  const mine = eq(notifications.userId, userId);
  const where = query.unreadOnly === 'true' ? and(mine, isNull(notifications.readAt)) : mine;
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    db.select({ total: count() }).from(notifications).where(where),
    countUnread(db, userId),
  ]);
  return {
    items: rows.map(notificationOf),
    total: total?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    unread,
  };
}

/** Marks one of the user's own notifications read; someone else's is answered like an unknown one. */
export async function markNotificationRead(
  db: Database,
  userId: string,
  notificationId: string,
  now: Date,
): Promise<void> {
  if (!isUuid(notificationId)) throw new AppError('not_found', NOTIFICATION_NOT_FOUND_MESSAGE);
  // Only the reader's own notification pages read these, and they are never kept in memory.
  const updated = await changeInOneStatement(db, NOTHING_KEPT, (writable) =>
    writable
      .update(notifications)
      // Reading it twice keeps the first time.
      .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
      .returning({ id: notifications.id }),
  );
  if (updated.length === 0) throw new AppError('not_found', NOTIFICATION_NOT_FOUND_MESSAGE);
}

export async function markAllNotificationsRead(db: Database, userId: string, now: Date): Promise<void> {
  await changeInOneStatement(db, NOTHING_KEPT, (writable) =>
    writable
      .update(notifications)
      .set({ readAt: now })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  );
}

/** The departments the user follows, alphabetically. */
export async function getFollowedDepartments(db: Database, userId: string): Promise<string[]> {
  const rows = await db
    .select({ department: departmentFollows.department })
    .from(departmentFollows)
    .where(eq(departmentFollows.userId, userId))
    .orderBy(asc(sql`lower(${departmentFollows.department})`), asc(departmentFollows.department));
  return rows.map((row) => row.department);
}

/**
 * Replaces the followed departments with the given list. Departments match case-insensitively
 * when a tutor is published, so "physics" after "Physics" is the same follow and the first spelling stays.
 */
export async function replaceFollowedDepartments(
  db: Database,
  userId: string,
  departments: readonly string[],
  now: Date,
): Promise<string[]> {
  const unique = new Map<string, string>();
  for (const department of departments) {
    const trimmed = department.trim();
    if (trimmed && !unique.has(trimmed.toLowerCase())) unique.set(trimmed.toLowerCase(), trimmed);
  }
  return changeData(db, NOTHING_KEPT, async (tx) => {
    // The user's row is locked so two saves at once end with one of the lists, not a mix of both.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    await tx.delete(departmentFollows).where(eq(departmentFollows.userId, userId));
    if (unique.size > 0) {
      await tx
        .insert(departmentFollows)
        .values([...unique.values()].map((department) => ({ userId, department, createdAt: now })));
    }
    return getFollowedDepartments(tx, userId);
  });
}
