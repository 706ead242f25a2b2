import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { LinkUniversityRequest } from '../../../../shared/campus-sign-in';
import { api } from '../../../lib/api-client';

export const linkUniversity = (input: LinkUniversityRequest) => api.post<null>(apiPaths.campusLink, input);

/** The account's sessions end (the credential epoch moved): whatever was cached goes with them. */
export function useLinkUniversity() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: linkUniversity, onSuccess: () => queryClient.clear() });
}
