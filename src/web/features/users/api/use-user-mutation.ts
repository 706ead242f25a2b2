import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDashboardKeys } from '../../admin-dashboard/api/query-keys';
import { sessionQueryKey } from '../../auth/api/get-session';
import { userKeys } from './query-keys';

/**
 * A mutation that changes an account. Once it succeeds the users list and the dashboard's
 * figures are invalidated, and the mutation stays pending until what is on screen has
 * refetched. The session is asked again too: an administrator may have changed their own name
 * or role, and the console must follow.
 */
export function useUserMutation<TVariables, TData>(mutationFn: (variables: TVariables) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminDashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]),
  });
}
