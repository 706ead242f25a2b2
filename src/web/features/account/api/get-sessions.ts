import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSession } from '../../../../shared/account-lifecycle';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { staleOn } from '../../../lib/data-changes';

export const accountSessionsKey = ['account', 'sessions'] as const;
// Signing in, out or changing the password changes the list.
staleOn(['session'], accountSessionsKey);

export const getSessions = () => api.get<{ sessions: AccountSession[] }>(apiPaths.accountSessions);

export const sessionsQueryOptions = () => queryOptions({ queryKey: accountSessionsKey, queryFn: getSessions });

export function useAccountSessions() {
  return useQuery(sessionsQueryOptions());
}
