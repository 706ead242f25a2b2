import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { UnlinkIdentityRequest } from '../../../../shared/campus-sign-in';
import { api } from '../../../lib/api-client';
import { announceChange } from '../../../lib/data-changes';

export const unlinkIdentity = ({ identityId, ...proof }: UnlinkIdentityRequest & { identityId: string }) =>
  api.delete<null>(apiPaths.accountIdentity(identityId), proof);

/** The identity goes, and the account's other sessions with it (the credential epoch moved). */
export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlinkIdentity, onSuccess: () => announceChange(queryClient, 'session') });
}
