import { eq } from 'drizzle-orm';
import type { TutorProfile, TutorSubmission } from '../../../shared/tutors';
import { tutorRecordChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database, WritableDatabase } from '../../db/client';
import { tutors, type TutorRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { lockTutor, tutorNotFound } from './access';
import type { Viewer } from '../auth/viewer';
import { toTutorProfile } from './views';
import { type PictureCleanup, releasePictures, tutorFields, withUploadedPicture } from './writes';

/** A student's new tutor: private and pending until an administrator approves it. */
export async function submitTutor(
  db: Database,
  viewer: Viewer,
  input: TutorSubmission,
  now: Date,
): Promise<TutorProfile> {
  const tutor = await changeData(db, [], async (tx, alsoChanged) => {
    const [tutor] = await withUploadedPicture(() =>
      tx
        .insert(tutors)
        .values({
          ...tutorFields(input, now),
          isPublic: false,
          status: 'pending',
          submittedBy: viewer.id,
          createdAt: now,
        })
        .returning(),
    );
    alsoChanged(...tutorRecordChanged(tutor!));
    return tutor!;
  });
  return toTutorProfile(viewer, tutor);
}

/** The submitter's own tutor, still open to changes (not yet approved), locked for the change. */
async function lockOwnOpenSubmission(
  tx: WritableDatabase,
  viewer: Viewer,
  tutorId: string,
  approvedMessage: string,
): Promise<TutorRow> {
  const tutor = await lockTutor(tx, tutorId);
  // Someone else's tutor, even a public one, is not the student's to change: the same answer as an unknown id.
  if (tutor.submittedBy !== viewer.id) throw tutorNotFound();
  if (tutor.status === 'approved') throw new AppError('conflict', approvedMessage);
  return tutor;
}

/**
 * The submitter corrects a pending or rejected submission. A rejected one goes back into the
 * queue: pending again, the old reason cleared.
 */
export async function updateOwnSubmission(
  db: Database,
  cleanup: PictureCleanup,
  viewer: Viewer,
  tutorId: string,
  input: TutorSubmission,
  now: Date,
): Promise<TutorProfile> {
  const { before, after } = await changeData(db, [], async (tx, alsoChanged) => {
    const before = await lockOwnOpenSubmission(
      tx,
      viewer,
      tutorId,
      'This tutor has been approved; only an administrator can change it now.',
    );
    const [after] = await withUploadedPicture(() =>
      tx
        .update(tutors)
        .set({ ...tutorFields(input, now), isPublic: false, status: 'pending', rejectionReason: null })
        .where(eq(tutors.id, before.id))
        .returning(),
    );
    alsoChanged(...tutorRecordChanged(before, after!));
    return { before, after: after! };
  });
  if (before.imageKey !== after.imageKey) await releasePictures(db, cleanup, [before.imageKey]);
  return toTutorProfile(viewer, after);
}

/** The submitter withdraws a pending or rejected submission. */
export async function deleteOwnSubmission(
  db: Database,
  cleanup: PictureCleanup,
  viewer: Viewer,
  tutorId: string,
): Promise<void> {
  const deleted = await changeData(db, [], async (tx, alsoChanged) => {
    const tutor = await lockOwnOpenSubmission(
      tx,
      viewer,
      tutorId,
      'This tutor has been approved; only an administrator can delete it now.',
    );
    alsoChanged(...tutorRecordChanged(tutor));
    await tx.delete(tutors).where(eq(tutors.id, tutor.id));
    return tutor;
  });
  await releasePictures(db, cleanup, [deleted.imageKey]);
}
