import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announceChange } from '../../../lib/data-changes';

/**
 * A mutation that changes an account. Once it succeeds everything stale on 'users' (the users
 * list, the dashboard's figures, the session: an administrator may have changed their own name
 * or role) is invalidated, and the mutation stays pending until what is on screen has refetched.
 */
export function useUserMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => announceChange(queryClient, 'users'),
  });
}
