import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { SignInMethods } from '../../../../shared/campus-sign-in';
import { api } from '../../../lib/api-client';
import { staleOn } from '../../../lib/data-changes';

export const signInMethodsKey = ['account', 'sign-in-methods'] as const;
// Signing in again (through the university) or changing the password changes it.
staleOn(['session'], signInMethodsKey);

export const getSignInMethods = () => api.get<SignInMethods>(apiPaths.accountSignInMethods);

/** How the account proves it is its owner: its password, a fresh campus sign-in, or both. */
export function useSignInMethods() {
  return useQuery(queryOptions({ queryKey: signInMethodsKey, queryFn: getSignInMethods }));
}
