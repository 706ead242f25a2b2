import type { AdminTutorListQueryInput, SimilarTutorsQuery, TutorListQueryInput } from '../../../../shared/tutors';
import type { TutorReviewsPageQuery } from '../../../../shared/page-data';
import type { TutorClaimStatus } from '../../../../shared/tutor-side';
import { staleOn } from '../../../lib/data-changes';

/**
 * Every cached tutor answer sits under ['tutors']: a change to any tutor invalidates
 * `tutorKeys.all`, which is simple and never leaves a stale list, profile or queue behind.
 */
export const tutorKeys = {
  all: ['tutors'] as const,
  list: (query: TutorListQueryInput) => ['tutors', 'list', query] as const,
  detail: (tutorId: string) => ['tutors', 'detail', tutorId] as const,
  /** Every order, filter and page of one tutor's reviews. */
  allReviews: (tutorId: string) => ['tutors', 'detail', tutorId, 'reviews'] as const,
  reviews: (tutorId: string, query: TutorReviewsPageQuery) => ['tutors', 'detail', tutorId, 'reviews', query] as const,
  reviewSummary: (tutorId: string) => ['tutors', 'detail', tutorId, 'review-summary'] as const,
  mine: () => ['tutors', 'mine'] as const,
  /** The caller's claims of tutor profiles. */
  myClaims: () => ['tutors', 'claims', 'mine'] as const,
  /** The administrators' queue of claims, by status. */
  adminClaims: (status: TutorClaimStatus) => ['tutors', 'claims', 'admin', status] as const,
  similar: (query: SimilarTutorsQuery) => ['tutors', 'similar', query] as const,
  admin: (query: AdminTutorListQueryInput) => ['tutors', 'admin', query] as const,
};

// A review moves its tutor's average and count, and the profile lists the tutor's reviews.
staleOn(['tutors', 'reviews'], tutorKeys.all);
