import { and, count, eq, isNull } from 'drizzle-orm';
import type { SessionSecondFactor, SecondFactorStep } from '../../../../shared/second-factor';
import { sessionsChanged } from '../../../cache/data-changes';
import { changeData } from '../../../db/change-data';
import type { Database, WritableDatabase } from '../../../db/client';
import { recoveryCodes, secondFactors, sessions, settings, type UserRow } from '../../../db/schema';
import { hashToken } from '../../../lib/tokens';

/**
 * Whether administrators must use a second factor: on unless an administrator turned it off (or
 * the migration that brought the setting stored it off for a site that already had accounts).
 */
export async function adminsMustUseSecondFactor(db: Database | WritableDatabase): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, 'adminsMustUseSecondFactor'));
  return row?.value !== false;
}

export async function hasSecondFactor(db: Database | WritableDatabase, userId: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(secondFactors).where(eq(secondFactors.userId, userId));
  return (row?.n ?? 0) > 0;
}

export async function unusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * Where a new session starts: an account with a second factor passes it next (unless the
 * university vouched for one, or this browser is remembered for it); an administrator without
 * one, where one is required, sets one up first.
 */
export async function secondFactorAtSignIn(
  db: Database,
  user: Pick<UserRow, 'id' | 'role'>,
  vouched: { campusMultiFactor?: boolean; rememberedDevice?: boolean } = {},
): Promise<SessionSecondFactor> {
  if (vouched.campusMultiFactor) return 'passed';
  if (await hasSecondFactor(db, user.id)) return vouched.rememberedDevice ? 'passed' : 'pending';
  if (user.role === 'admin' && (await adminsMustUseSecondFactor(db))) return 'enrol';
  return 'not_asked';
}

export function stepOf(state: SessionSecondFactor): SecondFactorStep {
  if (state === 'pending') return 'verify';
  if (state === 'enrol') return 'enrol';
  return null;
}

/**
 * Whether an administrator's session holds administrator powers: where a second factor is
 * required, only once the session passed one. A session signed in before its account was made
 * an administrator (or before the requirement was turned on) keeps a student's until then.
 */
export function holdsAdminPowers(state: SessionSecondFactor, required: boolean): boolean {
  return !required || state === 'passed';
}

/** The session passed (or enrolled) a second factor. Writes sessions.second_factor. */
export async function markSessionPassed(db: Database, userId: string, sessionToken: string): Promise<void> {
  await changeData(db, [sessionsChanged(userId)], (tx) =>
    tx
      .update(sessions)
      .set({ secondFactor: 'passed' })
      .where(and(eq(sessions.tokenHash, hashToken(sessionToken)), eq(sessions.userId, userId))),
  );
}
