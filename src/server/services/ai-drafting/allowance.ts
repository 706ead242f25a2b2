import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { DraftFailureCode } from '../../../shared/ai-drafting';
import { changeData, changeInOneStatement, NOTHING_KEPT } from '../../db/change-data';
import type { Database } from '../../db/client';
import { type AiDraftOutcome, aiDrafts, users } from '../../db/schema';
import { HOUR_MS } from '../../lib/clock';
import { RateLimitedError } from '../../lib/errors';

const WINDOW_MS = HOUR_MS;

export interface DraftAllowance {
  left: number;
  /** When the oldest counted draft leaves the window, if none is left now. */
  nextDraftAt: Date | null;
}

/** Drafts the student may still ask for: the limit minus the counted drafts of the last hour. */
export async function draftAllowance(
  db: Database,
  userId: string,
  perHour: number,
  now: Date,
): Promise<DraftAllowance> {
  const inWindow = and(
    eq(aiDrafts.userId, userId),
    eq(aiDrafts.counted, true),
    gt(aiDrafts.createdAt, new Date(now.getTime() - WINDOW_MS)),
  );
  const [counted] = await db.select({ used: count() }).from(aiDrafts).where(inWindow);
  const used = counted?.used ?? 0;
  if (used < perHour) return { left: perHour - used, nextDraftAt: null };
  // Drafts leave the window oldest first; once this one has, the student is under the limit again.
  const [freesOne] = await db
    .select({ createdAt: aiDrafts.createdAt })
    .from(aiDrafts)
    .where(inWindow)
    .orderBy(asc(aiDrafts.createdAt))
    .offset(used - perHour)
    .limit(1);
  return { left: 0, nextDraftAt: freesOne ? new Date(freesOne.createdAt.getTime() + WINDOW_MS) : now };
}

function minutesUntil(when: Date, now: Date): number {
  return Math.max(1, Math.ceil((when.getTime() - now.getTime()) / 60_000));
}

/**
 * Records a draft before it starts, refusing it when the hourly limit is reached. The user's
 * row is locked for the check, so simultaneous requests from one student are counted one by one.
 */
export async function reserveDraft(
  db: Database,
  draft: { userId: string; provider: string; model: string },
  perHour: number,
  now: Date,
): Promise<string> {
  // The AI-draft counters are read afresh for each draft: nothing kept depends on them.
  return changeData(db, NOTHING_KEPT, async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, draft.userId)).for('no key update');
    const allowance = await draftAllowance(tx, draft.userId, perHour, now);
    if (allowance.left === 0) {
      const waitMinutes = minutesUntil(allowance.nextDraftAt ?? now, now);
      throw new RateLimitedError(
        `You have used all ${perHour} AI drafts for this hour. You can ask for another in ${waitMinutes} minute${waitMinutes === 1 ? '' : 's'}.`,
        Math.ceil(((allowance.nextDraftAt ?? now).getTime() - now.getTime()) / 1000),
      );
    }
    const [row] = await tx
      .insert(aiDrafts)
      .values({ ...draft, createdAt: now })
      .returning({ id: aiDrafts.id });
    return row!.id;
  });
}

/**
 * A draft counts from the moment it is asked of the provider: the hourly limit bounds the work
 * asked of it, and a provider that accepted a request and then went quiet may be working on it
 * all the same (a model can think for a long while before its first word), so a timeout counts,
 * as does anything cut off after text came. Only a provider that turned the request down before
 * writing anything (busy, refused, an error answer, unreachable) did no work: those drafts are
 * given back, as they are not the student's doing.
 */
const givenBackBeforeAnyText = new Set<DraftFailureCode>(['ai_busy', 'ai_provider_error', 'ai_provider_refused']);

export async function finishDraft(
  db: Database,
  draftId: string,
  result: { outcome: AiDraftOutcome; failure?: DraftFailureCode; textReceived: boolean },
  now: Date,
): Promise<void> {
  const givenBack = !result.textReceived && result.failure !== undefined && givenBackBeforeAnyText.has(result.failure);
  await changeInOneStatement(db, NOTHING_KEPT, (writable) =>
    writable
      .update(aiDrafts)
      .set({
        outcome: result.outcome,
        failure: result.failure ?? null,
        counted: !givenBack,
        finishedAt: now,
      })
      .where(eq(aiDrafts.id, draftId)),
  );
}
