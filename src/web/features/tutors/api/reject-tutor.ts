import { apiPaths } from '../../../../shared/api-paths';
import type { RejectTutorRequest, TutorResponse } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { useTutorMutation } from './use-tutor-mutation';

/** Rejects a pending submission with a reason the submitter will see. */
export const rejectTutor = ({ tutorId, reason }: { tutorId: string } & RejectTutorRequest) =>
  api.post<TutorResponse>(apiPaths.rejectTutor(tutorId), { reason } satisfies RejectTutorRequest);

export function useRejectTutor() {
  return useTutorMutation(rejectTutor);
}
