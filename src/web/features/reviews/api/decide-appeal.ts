import { apiPaths } from '../../../../shared/api-paths';
import type { AppealDecision, AppealDecisionRequest, ReviewAppealResponse } from '../../../../shared/appeals';
import { api } from '../../../lib/api-client';
import { useReviewMutation } from './use-review-mutation';

/** Restore the appealed review, or uphold the decision; the author is told the reason. */
export const decideAppeal = ({
  appealId,
  decision,
  reason,
}: { appealId: string; decision: AppealDecision } & AppealDecisionRequest) =>
  api.post<ReviewAppealResponse>(apiPaths.decideAppeal(appealId, decision), { reason } satisfies AppealDecisionRequest);

export function useDecideAppeal() {
  return useReviewMutation(decideAppeal);
}
