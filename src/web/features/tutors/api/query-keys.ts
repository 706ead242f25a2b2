import type { AdminTutorListQueryInput, SimilarTutorsQuery, TutorListQueryInput } from '../../../../shared/tutors';
import { staleOn } from '../../../lib/data-changes';

/**
 * Every cached tutor answer sits under ['tutors']: a change to any tutor invalidates
 * `tutorKeys.all`, which is simple and never leaves a stale list, profile or queue behind.
 */
export const tutorKeys = {
  all: ['tutors'] as const,
  list: (query: TutorListQueryInput) => ['tutors', 'list', query] as const,
  detail: (tutorId: string) => ['tutors', 'detail', tutorId] as const,
  reviews: (tutorId: string, page: number) => ['tutors', 'detail', tutorId, 'reviews', page] as const,
  mine: () => ['tutors', 'mine'] as const,
  similar: (query: SimilarTutorsQuery) => ['tutors', 'similar', query] as const,
  admin: (query: AdminTutorListQueryInput) => ['tutors', 'admin', query] as const,
};

// A review moves its tutor's average and count, and the profile lists the tutor's reviews.
staleOn(['tutors', 'reviews'], tutorKeys.all);
