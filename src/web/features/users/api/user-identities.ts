import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { LinkedIdentityList } from '../../../../shared/campus-sign-in';
import { api } from '../../../lib/api-client';
import { userKeys } from './query-keys';

const identitiesKey = (userId: string) => [...userKeys.all, 'identities', userId] as const;

export const getUserIdentities = (userId: string) => api.get<LinkedIdentityList>(apiPaths.adminUserIdentities(userId));

/** The university sign-ins linked to an account, asked for while its dialog is open. */
export function useUserIdentities(userId: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: identitiesKey(userId ?? ''),
      queryFn: () => getUserIdentities(userId!),
      enabled: userId !== undefined,
    }),
  );
}

export const unlinkUserIdentity = ({ userId, identityId }: { userId: string; identityId: string }) =>
  api.delete<null>(apiPaths.adminUserIdentity(userId, identityId));

/** The identity goes, and with it the account's sessions (its last-active time may change). */
export function useUnlinkUserIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkUserIdentity,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
