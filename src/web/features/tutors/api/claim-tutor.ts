import { apiPaths } from '../../../../shared/api-paths';
import type { CreateTutorClaimInput, MyTutorClaim } from '../../../../shared/tutor-side';
import { api } from '../../../lib/api-client';
import { useTutorMutation } from './use-tutor-mutation';

/** 'Claim this profile': asks an administrator to make the caller's account the tutor's. */
export const claimTutor = ({ tutorId, message }: { tutorId: string } & CreateTutorClaimInput) =>
  api.post<{ claim: MyTutorClaim }>(apiPaths.tutorClaims(tutorId), { message } satisfies CreateTutorClaimInput);

export function useClaimTutor() {
  return useTutorMutation(claimTutor);
}
