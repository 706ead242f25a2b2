import { apiPaths } from '../../../../shared/api-paths';
import type { AdminTutorInputDraft, TutorResponse } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { useTutorMutation } from './use-tutor-mutation';

/** 'Edit Profile': saves every field; making a pending or rejected tutor public approves it. */
export const updateAdminTutor = ({ tutorId, input }: { tutorId: string; input: AdminTutorInputDraft }) =>
  api.patch<TutorResponse>(apiPaths.adminTutor(tutorId), input);

export function useUpdateAdminTutor() {
  return useTutorMutation(updateAdminTutor);
}
