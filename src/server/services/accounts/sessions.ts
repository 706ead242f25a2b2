import { and, eq, lte } from 'drizzle-orm';
import { sessionsChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database } from '../../db/client';
import { sessions, users, type UserRow } from '../../db/schema';
import { DAY_MS } from '../../lib/clock';
import { generateToken, hashToken } from '../../lib/tokens';

/** Spec section 9: a session lasts seven days. */
export const SESSION_LIFETIME_MS = 7 * DAY_MS;

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export async function createSession(db: Database, userId: string, now: Date): Promise<NewSession> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await changeData(db, [sessionsChanged(userId)], async (tx) => {
    await tx.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt });
    // Housekeeping on a path that is not hot: forget this user's sessions that have run out.
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
  });
  return { token, expiresAt };
}

/** A session as stored, with its account, whatever state either is in. */
export interface StoredSession {
  user: UserRow;
  expiresAt: Date;
}

/** The session with this token hash, or null when there is none (never created, revoked, or cleaned up). */
export async function findSession(db: Database, tokenHash: string): Promise<StoredSession | null> {
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Who a session signs in at `now`: nobody once it has expired or the account is disabled. */
export function sessionUserAt(session: StoredSession | null, now: Date): UserRow | undefined {
  if (!session || session.expiresAt <= now || session.user.disabledAt) return undefined;
  return session.user;
}

export async function revokeSession(db: Database, token: string): Promise<void> {
  await changeData(db, [], async (tx, alsoChanged) => {
    const revoked = await tx
      .delete(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
      .returning({ userId: sessions.userId });
    alsoChanged(...revoked.map((session) => sessionsChanged(session.userId)));
  });
}

export async function revokeAllSessions(db: Database, userId: string): Promise<void> {
  await changeData(db, [sessionsChanged(userId)], (tx) => tx.delete(sessions).where(eq(sessions.userId, userId)));
}
