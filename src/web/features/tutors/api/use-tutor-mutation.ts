import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announceChange } from '../../../lib/data-changes';

/**
 * A mutation that changes a tutor: once it succeeds, every cached tutor answer is invalidated
 * (everything stale on 'tutors', see tutorKeys) and the mutation stays pending until what is on screen has refetched.
 * Deletions look after the cache themselves, since a deleted tutor must not be refetched.
 */
export function useTutorMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => announceChange(queryClient, 'tutors'),
  });
}
