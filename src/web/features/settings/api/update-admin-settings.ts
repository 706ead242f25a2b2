import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { AdminSettings, UpdateSiteSettingsRequest } from '../../../../shared/settings';
import { api } from '../../../lib/api-client';
import { announceChange } from '../../../lib/data-changes';

/** Saves the settings that changed; the answer is the whole settings page again. */
export const updateAdminSettings = (changes: UpdateSiteSettingsRequest) =>
  api.patch<AdminSettings>(apiPaths.adminSettings, changes);

/**
 * The public settings are invalidated with the admin ones (the site name shows in every header),
 * and so is the dashboard, whose recent activity records the change.
 */
export function useUpdateAdminSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminSettings,
    onSuccess: () => announceChange(queryClient, 'settings'),
  });
}
