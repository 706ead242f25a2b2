import type { Database } from '../db/client';
import { notifications, type NotificationData, type NotificationKind, type NotificationRow } from '../db/schema';

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
export async function notify(db: Database, notification: NewNotification): Promise<NotificationRow> {
  const [row] = await db
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
