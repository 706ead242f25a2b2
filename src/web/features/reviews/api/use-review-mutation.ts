import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tutorKeys } from '../../tutors/api/query-keys';
import { reviewKeys } from './query-keys';

/**
 * A mutation that changes a review. Once it succeeds every cached review answer and every
 * tutor answer (averages, counts, the profile's reviews) is invalidated, and the mutation
 * stays pending until what is on screen has refetched.
 */
export function useReviewMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: tutorKeys.all }),
      ]),
  });
}
