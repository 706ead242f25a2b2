import { apiPaths } from '../../../../shared/api-paths';
import type { AdminTutorClaim, RejectTutorClaimRequest } from '../../../../shared/tutor-side';
import { api } from '../../../lib/api-client';
import { useTutorMutation } from './use-tutor-mutation';

/** Refuses a claim with a reason the requester reads. */
export const rejectTutorClaim = ({ claimId, reason }: { claimId: string } & RejectTutorClaimRequest) =>
  api.post<{ claim: AdminTutorClaim }>(apiPaths.rejectTutorClaim(claimId), {
    reason,
  } satisfies RejectTutorClaimRequest);

export function useRejectTutorClaim() {
  return useTutorMutation(rejectTutorClaim);
}
