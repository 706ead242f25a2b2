import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account } from '../../../../shared/account';
import { apiPaths } from '../../../../shared/api-paths';
import type { Language } from '../../../../shared/languages';
import { api } from '../../../lib/api-client';
import { announceChange } from '../../../lib/data-changes';

export const updateLanguage = (language: Language) => api.patch<{ account: Account }>(apiPaths.account, { language });

/**
 * The account's language, on every device it signs in to; the server also sets this browser's
 * lang cookie, so the next page is served in it. The session is asked again afterwards, so
 * every page reading the account sees the new language.
 */
export function useUpdateLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLanguage,
    onSuccess: () => announceChange(queryClient, 'session'),
  });
}
