import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from './query-keys';

/**
 * A mutation that marks notifications read. Once it succeeds the lists and the unread count
 * are asked for again, and the mutation stays pending until what is on screen has refetched.
 */
export function useMarkReadMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.unreadCount() }),
      ]),
  });
}
