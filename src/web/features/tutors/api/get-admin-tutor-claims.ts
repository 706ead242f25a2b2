import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { AdminTutorClaimList, TutorClaimStatus } from '../../../../shared/tutor-side';
import { api } from '../../../lib/api-client';
import { tutorKeys } from './query-keys';

export const getAdminTutorClaims = (status: TutorClaimStatus) =>
  api.get<AdminTutorClaimList>(`${apiPaths.adminTutorClaims}?status=${status}`);

export const adminTutorClaimsQueryOptions = (status: TutorClaimStatus) =>
  queryOptions({ queryKey: tutorKeys.adminClaims(status), queryFn: () => getAdminTutorClaims(status) });

/** Claims of tutor profiles for an administrator to decide (pending ones oldest first). */
export function useAdminTutorClaims(status: TutorClaimStatus) {
  return useQuery(adminTutorClaimsQueryOptions(status));
}
