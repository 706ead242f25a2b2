import { tutorResponseSchema } from '../../shared/tutors';
import type { TutorRow } from '../db/schema';
import { toJsonBytes } from '../lib/json-bytes';
import { isAdmin, type Viewer } from '../services/auth/viewer';
import { canSee, tutorNotFound } from '../services/tutors/access';
import { findTutor } from '../services/tutors/queries';
import { toPublicTutorProfile, toTutorProfile } from '../services/tutors/views';
import type { ReadContext } from './read-context';

/** A tutor as kept in memory: the row, and the answer everyone but its submitter, its own account and the admins gets. */
interface KeptTutorProfile {
  tutor: TutorRow | null;
  /** Null while the tutor is not public: then only they may see it. */
  publicAnswer: Buffer | null;
}

/**
 * A tutor's profile (public, or seen by its submitter or an admin), with its rating
 * distribution stored beside its average. Kept until the tutor changes; unknown ids too, so a
 * stream of them costs the database one read each.
 */
export async function tutorProfileAnswer(
  reads: ReadContext,
  viewer: Viewer,
  tutorId: string,
): Promise<Buffer | string> {
  const kept = await reads.cache.get(
    `tutor:${tutorId}`,
    async (): Promise<KeptTutorProfile> => {
      const tutor = await findTutor(reads.db, tutorId);
      const publicAnswer = tutor?.isPublic
        ? toJsonBytes(tutorResponseSchema, { tutor: toPublicTutorProfile(tutor) })
        : null;
      return { tutor, publicAnswer };
    },
    {
      dependsOn: () => [{ on: 'tutor', tutorId }],
      // The row weighs about as much as its answer.
      weigh: (value) => 200 + (value.publicAnswer?.length ?? 0) * 2,
    },
  );
  const { tutor, publicAnswer } = kept;
  const seesMore =
    isAdmin(viewer) || (tutor !== null && (tutor.submittedBy === viewer.id || tutor.claimedBy === viewer.id));
  if (publicAnswer && !seesMore) return publicAnswer;
  if (!tutor || !canSee(viewer, tutor)) throw tutorNotFound();
  return toJsonBytes(tutorResponseSchema, { tutor: toTutorProfile(viewer, tutor) });
}
