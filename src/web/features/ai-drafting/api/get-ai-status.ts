import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AiStatus } from '../../../../shared/ai-drafting';
import { apiPaths } from '../../../../shared/api-paths';
import { api } from '../../../lib/api-client';
import { aiDraftingKeys } from './query-keys';

export const getAiStatus = () => api.get<AiStatus>(apiPaths.aiStatus);

/** Waits at least this long between checks, so a clock slightly behind the server's cannot spin. */
const MIN_RECHECK_MS = 5_000;

export const aiStatusQueryOptions = () =>
  queryOptions({
    queryKey: aiDraftingKeys.status(),
    queryFn: getAiStatus,
    // With no drafts left, ask again once the next one is due, so the button comes back by itself.
    refetchInterval: (query) => {
      const nextDraftAt = query.state.data?.nextDraftAt;
      if (!nextDraftAt) return false;
      return Math.max(MIN_RECHECK_MS, Date.parse(nextDraftAt) - Date.now());
    },
  });

/** Whether the signed-in student can ask for an AI draft now, who would receive their words, and how many drafts are left. */
export function useAiStatus() {
  return useQuery(aiStatusQueryOptions());
}
