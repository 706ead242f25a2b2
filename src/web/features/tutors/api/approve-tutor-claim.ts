import { apiPaths } from '../../../../shared/api-paths';
import type { AdminTutorClaim } from '../../../../shared/tutor-side';
import { api } from '../../../lib/api-client';
import { useTutorMutation } from './use-tutor-mutation';

/** The requester's account becomes the tutor's; the tutor's other pending claims are rejected. */
export const approveTutorClaim = (claimId: string) =>
  api.post<{ claim: AdminTutorClaim }>(apiPaths.approveTutorClaim(claimId));

export function useApproveTutorClaim() {
  return useTutorMutation(approveTutorClaim);
}
