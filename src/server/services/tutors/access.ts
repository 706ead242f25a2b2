import { eq, or, type SQL } from 'drizzle-orm';
import type { WritableDatabase } from '../../db/client';
import { tutors, type TutorRow } from '../../db/schema';
import { isTutorId, TUTOR_NOT_FOUND_MESSAGE } from '../../../shared/tutors';
import { AppError } from '../../lib/errors';
import { isAdmin, type Viewer } from '../auth/viewer';

/** The one answer for an unknown id, a malformed id and a tutor the viewer may not see. */
export function tutorNotFound(): AppError {
  return new AppError('not_found', TUTOR_NOT_FOUND_MESSAGE);
}

/** A tutor is visible when public, to its submitter, and to admins. */
export function visibleTo(viewer: Viewer): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  return or(eq(tutors.isPublic, true), eq(tutors.submittedBy, viewer.id));
}

export function canSee(viewer: Viewer, tutor: Pick<TutorRow, 'isPublic' | 'submittedBy'>): boolean {
  return tutor.isPublic || tutor.submittedBy === viewer.id || isAdmin(viewer);
}

/** The tutor row locked for the rest of the transaction, so status checks and the change that follows see the same state. */
export async function lockTutor(tx: WritableDatabase, tutorId: string): Promise<TutorRow> {
  if (!isTutorId(tutorId)) throw tutorNotFound();
  const [tutor] = await tx.select().from(tutors).where(eq(tutors.id, tutorId)).for('update');
  if (!tutor) throw tutorNotFound();
  return tutor;
}
