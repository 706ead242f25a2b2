import { apiPaths } from '../../../../shared/api-paths';
import type { ReportReviewInput } from '../../../../shared/reviews';
import { api } from '../../../lib/api-client';
import { useReviewMutation } from './use-review-mutation';

/** Flags a review for the moderators; it stays visible until one of them acts. */
export const reportReview = ({ reviewId, reason, details }: { reviewId: string } & ReportReviewInput) =>
  api.post<void>(apiPaths.reviewReports(reviewId), { reason, details } satisfies ReportReviewInput);

export function useReportReview() {
  return useReviewMutation(reportReview);
}
