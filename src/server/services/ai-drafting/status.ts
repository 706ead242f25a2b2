import { AI_NOT_AVAILABLE_MESSAGE, type AiStatus } from '../../../shared/ai-drafting';
import type { TextProvider } from './providers';
import type { Database } from '../../db/client';
import { draftAllowance } from './allowance';

/** What the review form needs to know before offering a draft. */
export async function aiStatusFor(
  db: Database,
  provider: TextProvider | null,
  userId: string,
  options: { draftsPerHour: number; now: Date },
): Promise<AiStatus> {
  const base = { draftsPerHour: options.draftsPerHour };
  if (!provider) {
    return {
      ...base,
      available: false,
      reason: AI_NOT_AVAILABLE_MESSAGE,
      provider: null,
      providerLabel: null,
      model: null,
      draftsLeft: 0,
      nextDraftAt: null,
    };
  }
  const allowance = await draftAllowance(db, userId, options.draftsPerHour, options.now);
  return {
    ...base,
    available: true,
    reason: null,
    provider: provider.kind,
    providerLabel: provider.label,
    model: provider.model,
    draftsLeft: allowance.left,
    nextDraftAt: allowance.nextDraftAt?.toISOString() ?? null,
  };
}
