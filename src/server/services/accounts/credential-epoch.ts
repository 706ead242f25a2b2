import { and, eq, ne, sql } from 'drizzle-orm';
import { sessionsChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database, WritableDatabase } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';

/**
 * The credential epoch (docs/decisions/0029-credential-epoch.md): one counter per account that
 * moves whenever the way into the account changes. Every mailed link, campus confirmation and
 * remembered device records the epoch it was issued under and is refused once it has moved, so
 * a change of password, address, status, role or linked identity closes every door opened before
 * it, whichever kind of door it was.
 */

/** What a token must carry to be checked against its account's epoch. */
export interface EpochHolder {
  credentialEpoch: number;
}

/** Whether a token issued under `issuedUnder` still opens the account: no change of the way in since. */
export function isIssuedUnderCurrentEpoch(account: EpochHolder, issuedUnder: number | null | undefined): boolean {
  return issuedUnder === account.credentialEpoch;
}

/** The account's epoch as it stands in this transaction, for a token about to be issued. */
export function currentEpochOf(userId: string) {
  return sql<number>`(select ${users.credentialEpoch} from ${users} where ${users.id} = ${userId})`;
}

export interface EpochMove {
  /**
   * The session that made the change keeps going (its owner just proved who they are: a
   * password change, "sign out everywhere"); every other session of the account ends. Null or
   * absent: every session ends (a reset link, an administrator's action, a link opened anywhere).
   */
  keepSessionToken?: string | null | undefined;
}

/**
 * Moves the account's credential epoch, inside the caller's transaction, so the change and the
 * closing of every earlier door commit together. Sessions are doors too: all but the one kept
 * end, and a campus confirmation the kept one carried no longer stands in for the password.
 * Writes users.credential_epoch and sessions. Answers the new epoch.
 */
export async function moveCredentialEpoch(tx: WritableDatabase, userId: string, move: EpochMove = {}): Promise<number> {
  return changeData(tx, [sessionsChanged(userId)], async (inner) => {
    const [moved] = await inner
      .update(users)
      .set({ credentialEpoch: sql`${users.credentialEpoch} + 1` })
      .where(eq(users.id, userId))
      .returning({ credentialEpoch: users.credentialEpoch });
    const kept = move.keepSessionToken ? hashToken(move.keepSessionToken) : null;
    await inner
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), kept ? ne(sessions.tokenHash, kept) : undefined));
    if (kept)
      await inner
        .update(sessions)
        .set({ campusConfirmedAt: null })
        .where(and(eq(sessions.userId, userId), eq(sessions.tokenHash, kept)));
    return moved?.credentialEpoch ?? 0;
  });
}

/**
 * "Sign out everywhere else": the owner's way of closing every door at once without changing the
 * password; the session asking stays. Writes users.credential_epoch and sessions.
 */
export async function signOutEverywhereElse(
  db: Database,
  userId: string,
  keepSessionToken: string | null,
): Promise<void> {
  await changeData(db, [sessionsChanged(userId)], (tx) => moveCredentialEpoch(tx, userId, { keepSessionToken }));
}
