import type { ReactNode } from 'react';
import { useReviewedTutorIds } from '../api/get-my-reviews-of-tutors';

/** Renders `children` with which of these tutors the student has reviewed already (none until known). */
export function ReviewedTutors({
  tutorIds,
  children,
}: {
  tutorIds: string[];
  children: (reviewed: ReadonlySet<string>) => ReactNode;
}) {
  return children(useReviewedTutorIds(tutorIds));
}
