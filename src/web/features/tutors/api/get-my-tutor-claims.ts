import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { MyTutorClaims } from '../../../../shared/tutor-side';
import { api } from '../../../lib/api-client';
import { usePagePainted } from '../../../lib/page-painted';
import { tutorKeys } from './query-keys';

export const getMyTutorClaims = () => api.get<MyTutorClaims>(apiPaths.myTutorClaims);

export const myTutorClaimsQueryOptions = () =>
  queryOptions({ queryKey: tutorKeys.myClaims(), queryFn: getMyTutorClaims });

/** The caller's claims of tutor profiles, newest first, with where each stands. */
export function useMyTutorClaims() {
  return useQuery({ ...myTutorClaimsQueryOptions(), enabled: usePagePainted() });
}
