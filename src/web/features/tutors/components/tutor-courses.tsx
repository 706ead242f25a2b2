import type { ReactNode } from 'react';
import { useTutor } from '../api/get-tutor';

/** Renders `children` with a tutor's courses (undefined until known), from the tutor's cached profile. */
export function TutorCourses({
  tutorId,
  children,
}: {
  tutorId: string;
  children: (courses: readonly string[] | undefined) => ReactNode;
}) {
  return children(useTutor(tutorId).data?.tutor.courses);
}
