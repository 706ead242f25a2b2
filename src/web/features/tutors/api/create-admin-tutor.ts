import { apiPaths } from '../../../../shared/api-paths';
import type { AdminTutorInputDraft, TutorResponse } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { useTutorMutation } from './use-tutor-mutation';

/** An admin adds a teacher directly: approved at once, public unless the admin says otherwise. */
export const createAdminTutor = (input: AdminTutorInputDraft) => api.post<TutorResponse>(apiPaths.adminTutors, input);

export function useCreateAdminTutor() {
  return useTutorMutation(createAdminTutor);
}
