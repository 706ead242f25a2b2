import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../../shared/api-paths';
import type { ReviewSummaryResponse } from '../../../../shared/review-summaries';
import { api } from '../../../lib/api-client';
import { usePagePainted } from '../../../lib/page-painted';
import { tutorKeys } from './query-keys';

export const getTutorReviewSummary = (tutorId: string) =>
  api.get<ReviewSummaryResponse>(apiPaths.tutorReviewSummary(tutorId));

export const tutorReviewSummaryQueryOptions = (tutorId: string) =>
  queryOptions({
    // Under the tutor's key: a hidden or deleted review drops it with the rest of the profile.
    queryKey: tutorKeys.reviewSummary(tutorId),
    queryFn: () => getTutorReviewSummary(tutorId),
  });

/** The AI summary of a tutor's reviews, or null while there is none to show. */
export function useTutorReviewSummary(tutorId: string, enabled: boolean) {
  const painted = usePagePainted();
  return useQuery({ ...tutorReviewSummaryQueryOptions(tutorId), enabled: enabled && painted });
}
