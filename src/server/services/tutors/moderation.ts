import { eq } from 'drizzle-orm';
import type { AdminTutorInput, TutorProfile } from '../../../shared/tutors';
import { tutorRecordChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database, WritableDatabase } from '../../db/client';
import { tutors, type AuditData, type NotificationData, type NotificationKind, type TutorRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AuditAction } from '../../../shared/audit';
import { recordAudit } from '../audit-log';
import { announceTutorPublished, notify } from '../notifications';
import { lockTutor } from './access';
import type { Viewer } from '../auth/viewer';
import { toTutorProfile } from './views';
import { type PictureCleanup, releasePictures, tutorFields, withUploadedPicture } from './writes';

/** Tells the submitter what became of their submission, in the transaction of the change itself. */
async function notifySubmitter(
  tx: WritableDatabase,
  admin: Viewer,
  tutor: TutorRow,
  kind: NotificationKind,
  data: NotificationData,
  now: Date,
): Promise<void> {
  // Nobody to tell: the submitter's account is gone, or the admin acted on their own record.
  if (!tutor.submittedBy || tutor.submittedBy === admin.id) return;
  await notify(tx, { userId: tutor.submittedBy, kind, tutorId: tutor.id, data, createdAt: now });
}

/**
 * The audit entry of an admin action on a tutor. A deleted tutor is named by target only: a
 * tutorId would point at the row just removed.
 */
async function auditTutorAction(
  tx: WritableDatabase,
  admin: Viewer,
  action: Extract<AuditAction, `tutor_${string}`>,
  tutor: TutorRow,
  extra: { reason?: string | null; changes?: AuditChanges; now: Date },
): Promise<void> {
  await recordAudit(
    tx,
    {
      actorId: admin.id,
      action,
      target: { type: 'tutor', id: tutor.id },
      tutorId: action === 'tutor_deleted' ? null : tutor.id,
      subjectUserId: tutor.submittedBy,
      reason: extra.reason ?? null,
      data: { tutorName: tutor.name, ...(extra.changes ? { changes: extra.changes } : {}) },
    },
    extra.now,
  );
}

type AuditChanges = NonNullable<AuditData['changes']>;

/** What an edit changed, field by field, with the new values (the picture by its key). */
function changedFields(before: TutorRow, after: TutorRow): AuditChanges {
  const changes: AuditChanges = {};
  const scalarFields = ['name', 'department', 'biography', 'imageKey', 'isPublic', 'status'] as const;
  for (const field of scalarFields) {
    if (before[field] !== after[field]) changes[field] = after[field];
  }
  if (JSON.stringify(before.courses) !== JSON.stringify(after.courses)) changes.courses = after.courses;
  return changes;
}

/** An administrator's tutor needs no review: approved at once, public unless the admin says otherwise. */
export async function createTutorAsAdmin(
  db: Database,
  admin: Viewer,
  input: AdminTutorInput,
  now: Date,
): Promise<TutorProfile> {
  const tutor = await changeData(db, [], async (tx, alsoChanged) => {
    const [tutor] = await withUploadedPicture(() =>
      tx
        .insert(tutors)
        .values({
          ...tutorFields(input, now),
          isPublic: input.isPublic,
          status: 'approved',
          submittedBy: admin.id,
          createdAt: now,
        })
        .returning(),
    );
    alsoChanged(...tutorRecordChanged(tutor!));
    await auditTutorAction(tx, admin, 'tutor_created', tutor!, { now });
    if (tutor!.isPublic) await announceTutorPublished(tx, tutor!, admin.id, now);
    return tutor!;
  });
  return toTutorProfile(admin, tutor);
}

/**
 * An administrator edits any tutor. Publishing a pending or rejected submission is approving
 * it, with the same notification; hiding an approved tutor keeps it approved.
 */
export async function updateTutorAsAdmin(
  db: Database,
  cleanup: PictureCleanup,
  admin: Viewer,
  tutorId: string,
  input: AdminTutorInput,
  now: Date,
): Promise<TutorProfile> {
  const { before, after } = await changeData(db, [], async (tx, alsoChanged) => {
    const before = await lockTutor(tx, tutorId);
    const approves = input.isPublic && before.status !== 'approved';
    const [after] = await withUploadedPicture(() =>
      tx
        .update(tutors)
        .set({
          ...tutorFields(input, now),
          isPublic: input.isPublic,
          ...(approves ? { status: 'approved', rejectionReason: null } : {}),
        })
        .where(eq(tutors.id, before.id))
        .returning(),
    );
    alsoChanged(...tutorRecordChanged(before, after!));
    if (approves) await notifySubmitter(tx, admin, after!, 'submission_approved', { tutorName: after!.name }, now);
    await auditTutorAction(tx, admin, 'tutor_updated', after!, { changes: changedFields(before, after!), now });
    if (!before.isPublic && after!.isPublic) await announceTutorPublished(tx, after!, admin.id, now);
    return { before, after: after! };
  });
  if (before.imageKey !== after.imageKey) await releasePictures(db, cleanup, [before.imageKey]);
  return toTutorProfile(admin, after);
}

/** A pending (or earlier rejected) submission becomes an approved, public tutor. */
export async function approveTutor(db: Database, admin: Viewer, tutorId: string, now: Date): Promise<TutorProfile> {
  const tutor = await changeData(db, [], async (tx, alsoChanged) => {
    const before = await lockTutor(tx, tutorId);
    if (before.status === 'approved') throw new AppError('conflict', 'This tutor has already been approved.');
    alsoChanged(...tutorRecordChanged(before));
    const [after] = await tx
      .update(tutors)
      .set({ status: 'approved', isPublic: true, rejectionReason: null, updatedAt: now })
      .where(eq(tutors.id, before.id))
      .returning();
    await notifySubmitter(tx, admin, after!, 'submission_approved', { tutorName: after!.name }, now);
    await auditTutorAction(tx, admin, 'tutor_approved', after!, { now });
    // Only pending and rejected tutors get here, and those are never public: approving always publishes.
    await announceTutorPublished(tx, after!, admin.id, now);
    return after!;
  });
  return toTutorProfile(admin, tutor);
}

/** A pending submission is turned down with a reason the submitter gets to read. */
export async function rejectTutor(
  db: Database,
  admin: Viewer,
  tutorId: string,
  reason: string,
  now: Date,
): Promise<TutorProfile> {
  const tutor = await changeData(db, [], async (tx, alsoChanged) => {
    const before = await lockTutor(tx, tutorId);
    alsoChanged(...tutorRecordChanged(before));
    if (before.status === 'approved')
      throw new AppError('conflict', 'This tutor has already been approved; it can no longer be rejected.');
    if (before.status === 'rejected') throw new AppError('conflict', 'This submission has already been rejected.');
    const [after] = await tx
      .update(tutors)
      .set({ status: 'rejected', isPublic: false, rejectionReason: reason, updatedAt: now })
      .where(eq(tutors.id, before.id))
      .returning();
    await notifySubmitter(tx, admin, after!, 'submission_rejected', { tutorName: after!.name, reason }, now);
    await auditTutorAction(tx, admin, 'tutor_rejected', after!, { reason, now });
    return after!;
  });
  return toTutorProfile(admin, tutor);
}

/**
 * Deletes a tutor with its reviews (they cascade in the same statement); notifications about
 * it keep their wording and lose only the link. Its picture goes too once nothing else uses it.
 * The audit entry keeps the name and the reason, since the tutor row is gone.
 */
export async function deleteTutor(
  db: Database,
  cleanup: PictureCleanup,
  admin: Viewer,
  tutorId: string,
  options: { reason: string | null; now: Date },
): Promise<void> {
  const deleted = await changeData(db, [], async (tx, alsoChanged) => {
    const tutor = await lockTutor(tx, tutorId);
    alsoChanged(...tutorRecordChanged(tutor));
    await tx.delete(tutors).where(eq(tutors.id, tutor.id));
    await auditTutorAction(tx, admin, 'tutor_deleted', tutor, { reason: options.reason, now: options.now });
    return tutor;
  });
  await releasePictures(db, cleanup, [deleted.imageKey]);
}
