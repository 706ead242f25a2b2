import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { RejectTutorRequest, TutorResponse } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { tutorKeys } from './query-keys';

/** Rejects a pending submission with a reason the submitter will see. */
export const rejectTutor = ({ tutorId, reason }: { tutorId: string } & RejectTutorRequest) =>
  api.post<TutorResponse>(apiPaths.rejectTutor(tutorId), { reason } satisfies RejectTutorRequest);

export function useRejectTutor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectTutor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tutorKeys.all }),
  });
}
