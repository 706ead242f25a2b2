import type { TutorSubmission } from '../../../shared/tutors';
import type { Database } from '../../db/client';
import { AppError, isForeignKeyViolation } from '../../lib/errors';
import { tutorSearchColumns } from '../../lib/search-text';
import type { ImageStore } from '../../storage';
import { deleteUnusedImages } from '../images';

/** Releasing pictures a committed change no longer uses. */
export interface PictureCleanup {
  store: ImageStore;
  /**
   * Told when a picture could not be deleted. The change itself has committed by then, so this
   * is reported rather than raised; the picture is unreferenced and the orphan sweep retries it.
   */
  onError(err: unknown, keys: string[]): void;
}

/** The stored columns for what a form sent, with the derived search columns kept in step. */
export function tutorFields(input: TutorSubmission, now: Date) {
  return {
    name: input.name,
    department: input.department,
    biography: input.biography,
    courses: input.courses,
    imageKey: input.imageKey,
    ...tutorSearchColumns(input),
    updatedAt: now,
  };
}

const PICTURE_NOT_FOUND_MESSAGE = 'The picture was not found; please upload it again.';

/**
 * Runs a write that sets a tutor's picture. The foreign key decides whether the picture exists,
 * which also covers one deleted by a concurrent cleanup between upload and save.
 */
export async function withUploadedPicture<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err, 'tutors_image_key_uploads_key_fk'))
      throw new AppError('validation_error', PICTURE_NOT_FOUND_MESSAGE);
    throw err;
  }
}

/** After commit: deletes the given pictures if no tutor uses them any more. */
export async function releasePictures(
  db: Database,
  cleanup: PictureCleanup,
  keys: readonly (string | null)[],
): Promise<void> {
  const candidates = keys.filter((key): key is string => key !== null);
  if (candidates.length === 0) return;
  try {
    await deleteUnusedImages(db, cleanup.store, candidates);
  } catch (err) {
    cleanup.onError(err, candidates);
  }
}
