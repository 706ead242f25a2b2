import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';

/** Mails the user a link to choose a new password; the administrator never sees one. */
export const sendPasswordReset = (userId: string) => api.post<null>(apiPaths.sendPasswordReset(userId));

/** Nothing on screen changes, so nothing is invalidated. */
export function useSendPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}
