import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announceChange } from '../../../lib/data-changes';

/**
 * A mutation that changes a review. Once it succeeds everything stale on 'reviews' (every
 * cached review answer, and the tutors' averages, counts and profile reviews) is invalidated,
 * and the mutation stays pending until what is on screen has refetched.
 */
export function useReviewMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => announceChange(queryClient, 'reviews'),
  });
}
