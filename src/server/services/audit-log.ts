import type { AuditAction, AuditTargetType } from '../../shared/audit';
import type { WritableDatabase } from '../db/client';
import { type AuditData, auditLog } from '../db/schema';

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
