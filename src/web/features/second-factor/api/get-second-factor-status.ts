import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { SecondFactorStatus } from '../../../../shared/second-factor';
import { api } from '../../../lib/api-client';
import { staleOn } from '../../../lib/data-changes';

export const secondFactorStatusKey = ['account', 'second-factor'] as const;
// Signing in again, or another account on this browser, changes what the session must do.
staleOn(['session'], secondFactorStatusKey);

export const getSecondFactorStatus = () => api.get<SecondFactorStatus>(apiPaths.secondFactor);

export const secondFactorStatusQueryOptions = () =>
  queryOptions({ queryKey: secondFactorStatusKey, queryFn: getSecondFactorStatus });

export function useSecondFactorStatus() {
  return useQuery(secondFactorStatusQueryOptions());
}
