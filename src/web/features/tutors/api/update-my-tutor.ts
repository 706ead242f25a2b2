import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { TutorResponse, TutorSubmissionInput } from '../../../../shared/tutors';
import { api } from '../../../lib/api-client';
import { tutorKeys } from './query-keys';

/** The submitter edits a pending or rejected submission; editing a rejected one resubmits it. */
export const updateMyTutor = ({ tutorId, submission }: { tutorId: string; submission: TutorSubmissionInput }) =>
  api.patch<TutorResponse>(apiPaths.tutor(tutorId), submission);

export function useUpdateMyTutor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMyTutor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tutorKeys.all }),
  });
}
