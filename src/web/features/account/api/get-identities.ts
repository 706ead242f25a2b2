import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { LinkedIdentityList } from '../../../../shared/campus-sign-in';
import { api } from '../../../lib/api-client';
import { staleOn } from '../../../lib/data-changes';

export const accountIdentitiesKey = ['account', 'identities'] as const;
// A campus sign-in or confirmation may link one.
staleOn(['session'], accountIdentitiesKey);

export const getAccountIdentities = () => api.get<LinkedIdentityList>(apiPaths.accountIdentities);

/** The university sign-ins linked to the account. */
export function useAccountIdentities() {
  return useQuery(queryOptions({ queryKey: accountIdentitiesKey, queryFn: getAccountIdentities }));
}
