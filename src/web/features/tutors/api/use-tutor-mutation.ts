import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tutorKeys } from './query-keys';

/**
 * A mutation that changes a tutor: once it succeeds, every cached tutor answer is invalidated
 * (see tutorKeys) and the mutation stays pending until what is on screen has refetched.
 * Deletions look after the cache themselves, since a deleted tutor must not be refetched.
 */
export function useTutorMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tutorKeys.all }),
  });
}
