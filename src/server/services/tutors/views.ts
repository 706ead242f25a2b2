import { storedImage } from '../../../shared/uploads';
import {
  type AdminTutor,
  BIOGRAPHY_CUT_MARK,
  BIOGRAPHY_EXCERPT_LENGTH,
  type MySubmission,
  type TutorProfile,
  type TutorReviewSummary,
  type TutorSummary,
} from '../../../shared/tutors';
import { PROFILE_TOP_TAGS } from '../../../shared/reviews-constants';
import { tutors, type TutorRow } from '../../db/schema';
import { isAdmin, type Viewer } from '../auth/viewer';

/** The columns every tutor answer is built from (a summary plus what profiles and admin lists add). */
export const tutorSummaryColumns = {
  id: tutors.id,
  name: tutors.name,
  department: tutors.department,
  imageKey: tutors.imageKey,
  averageRating: tutors.averageRating,
  reviewCount: tutors.reviewCount,
  isPublic: tutors.isPublic,
  status: tutors.status,
};

export const tutorRecordColumns = {
  ...tutorSummaryColumns,
  rejectionReason: tutors.rejectionReason,
  submittedBy: tutors.submittedBy,
  createdAt: tutors.createdAt,
  updatedAt: tutors.updatedAt,
};

type SummaryRow = Pick<TutorRow, keyof typeof tutorSummaryColumns>;
type RecordRow = Pick<TutorRow, keyof typeof tutorRecordColumns>;

export function toTutorSummary(row: SummaryRow): TutorSummary {
  return {
    id: row.id,
    name: row.name,
    department: row.department,
    image: row.imageKey ? storedImage(row.imageKey) : null,
    averageRating: row.averageRating,
    reviewCount: row.reviewCount,
    isPublic: row.isPublic,
    status: row.status,
  };
}

/** The reason a submission was rejected concerns its submitter and the admins only. */
function rejectionReasonFor(viewer: Viewer, row: RecordRow): string | null {
  return row.submittedBy === viewer.id || isAdmin(viewer) ? row.rejectionReason : null;
}

export function toMySubmission(row: RecordRow): MySubmission {
  return {
    ...toTutorSummary(row),
    rejectionReason: row.rejectionReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The start of a biography read one character past the excerpt's length: whole if it fits,
 * otherwise cut at the last space within the length (mid-word only for a single long word) and
 * marked '…', so the queue never shows half a word.
 */
export function biographyExcerptOf(start: string): string {
  if (start.length <= BIOGRAPHY_EXCERPT_LENGTH) return start;
  // The mark counts within the length; one character more shows whether a word ends there.
  const room = BIOGRAPHY_EXCERPT_LENGTH - BIOGRAPHY_CUT_MARK.length;
  const cut = start.slice(0, room + 1);
  const lastSpace = cut.search(/\s\S*$/);
  const excerpt = lastSpace > 0 ? cut.slice(0, lastSpace) : cut.slice(0, room);
  return `${excerpt.trimEnd()}${BIOGRAPHY_CUT_MARK}`;
}

export function toAdminTutor(
  row: RecordRow & { courses: string[]; biographyStart: string },
  submitter: AdminTutor['submittedBy'],
): AdminTutor {
  return {
    ...toMySubmission(row),
    courses: row.courses,
    biographyExcerpt: biographyExcerptOf(row.biographyStart),
    submittedBy: submitter,
  };
}

/** Rating counts for 1..5 stars (index 0 is one star) from `rating → count` rows. */
/** How many visible reviews gave 1, 2, 3, 4 and 5 stars, as stored with the tutor. */
export function ratingDistributionOf(row: TutorRow): TutorProfile['ratingDistribution'] {
  return [row.rating1Count, row.rating2Count, row.rating3Count, row.rating4Count, row.rating5Count];
}

/** Names by how many reviews gave them, most first, then alphabetically. */
function byCount(counts: Record<string, number>): { name: string; reviewCount: number }[] {
  return Object.entries(counts)
    .map(([name, reviewCount]) => ({ name, reviewCount }))
    .sort((a, b) => b.reviewCount - a.reviewCount || a.name.localeCompare(b.name));
}

/** What the visible reviews say together, from the aggregates stored with the tutor. */
export function reviewSummaryOf(row: TutorRow): TutorReviewSummary {
  return {
    recent: {
      averageRating: row.recentReviewCount > 0 ? row.recentRatingSum / row.recentReviewCount : null,
      reviewCount: row.recentReviewCount,
    },
    averageDifficulty: row.difficultyCount > 0 ? row.difficultySum / row.difficultyCount : null,
    difficultyCount: row.difficultyCount,
    wouldTakeAgainPercent:
      row.wouldTakeAgainCount > 0 ? Math.round((100 * row.wouldTakeAgainYesCount) / row.wouldTakeAgainCount) : null,
    wouldTakeAgainCount: row.wouldTakeAgainCount,
    topTags: byCount(row.reviewTagCounts).slice(0, PROFILE_TOP_TAGS),
    courses: byCount(row.reviewCourseCounts),
  };
}

/** The profile as every viewer but its submitter and the admins sees it. */
export function toPublicTutorProfile(row: TutorRow): TutorProfile {
  return {
    ...toTutorSummary(row),
    biography: row.biography,
    courses: row.courses,
    ratingDistribution: ratingDistributionOf(row),
    reviewSummary: reviewSummaryOf(row),
    rejectionReason: null,
    submittedByMe: false,
    claimed: row.claimedBy !== null,
    claimedByMe: false,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTutorProfile(viewer: Viewer, row: TutorRow): TutorProfile {
  return {
    ...toPublicTutorProfile(row),
    rejectionReason: rejectionReasonFor(viewer, row),
    submittedByMe: row.submittedBy === viewer.id,
    claimedByMe: row.claimedBy === viewer.id,
  };
}
