import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { FollowedDepartments } from '../../../../shared/notifications';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './query-keys';

/** Replaces the whole list: what is not in it is no longer followed. */
export const updateFollowedDepartments = (input: FollowedDepartments) =>
  api.put<unknown>(apiPaths.followedDepartments, input);

export function useUpdateFollowedDepartments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFollowedDepartments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.followedDepartments() }),
  });
}
