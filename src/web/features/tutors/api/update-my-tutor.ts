import { apiPaths } from '../../../../shared/api-paths';
import type { TutorResponse, TutorSubmissionInput } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { useTutorMutation } from './use-tutor-mutation';

/** The submitter edits a pending or rejected submission; editing a rejected one resubmits it. */
export const updateMyTutor = ({ tutorId, submission }: { tutorId: string; submission: TutorSubmissionInput }) =>
  api.patch<TutorResponse>(apiPaths.tutor(tutorId), submission);

export function useUpdateMyTutor() {
  return useTutorMutation(updateMyTutor);
}
