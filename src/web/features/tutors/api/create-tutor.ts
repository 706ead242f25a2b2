import { apiPaths } from '../../../../shared/api-paths';
import type { TutorResponse, TutorSubmissionInput } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { useTutorMutation } from './use-tutor-mutation';

/** A student's submission: created private and pending until an admin decides. */
export const createTutor = (submission: TutorSubmissionInput) => api.post<TutorResponse>(apiPaths.tutors, submission);

export function useCreateTutor() {
  return useTutorMutation(createTutor);
}
