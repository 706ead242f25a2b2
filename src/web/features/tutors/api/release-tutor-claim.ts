import { apiPaths } from '../../../../shared/api-paths';
import type { AdminTutorClaim, ReleaseTutorClaimRequest } from '../../../../shared/tutor-side';
import { api } from '../../../lib/api-client';
import { useTutorMutation } from './use-tutor-mutation';

/** Takes a profile back from the account an approved claim gave it, with a reason that account reads. */
export const releaseTutorClaim = ({ claimId, reason }: { claimId: string } & ReleaseTutorClaimRequest) =>
  api.post<{ claim: AdminTutorClaim }>(apiPaths.releaseTutorClaim(claimId), {
    reason,
  } satisfies ReleaseTutorClaimRequest);

export function useReleaseTutorClaim() {
  return useTutorMutation(releaseTutorClaim);
}
