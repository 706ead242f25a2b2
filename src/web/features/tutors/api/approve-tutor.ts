import { apiPaths } from '../../../../shared/api-paths';
import type { TutorResponse } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { useTutorMutation } from './use-tutor-mutation';

/** Approves a pending or rejected submission: it becomes public and the submitter is told. */
export const approveTutor = (tutorId: string) => api.post<TutorResponse>(apiPaths.approveTutor(tutorId));

export function useApproveTutor() {
  return useTutorMutation(approveTutor);
}
