import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, UpdateProfileRequest } from '../../../../shared/account';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { announceChange } from '../../../lib/data-changes';

export const updateProfile = (changes: UpdateProfileRequest) =>
  api.patch<{ account: Account }>(apiPaths.account, changes);

/**
 * 'Edit Profile'. Stays pending until the session has been asked again, so the name in the
 * navigation and on the dashboard has changed by the time the form reports success.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => announceChange(queryClient, 'session'),
  });
}
