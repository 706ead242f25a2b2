import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions, users, type UserRow } from '../db/schema';
import { DAY_MS } from '../lib/clock';
import { generateToken, hashToken } from '../lib/tokens';

/** Spec section 9: a session lasts seven days. */
export const SESSION_LIFETIME_MS = 7 * DAY_MS;

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export async function createSession(db: Database, userId: string, now: Date): Promise<NewSession> {
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt });
  // Housekeeping on a path that is not hot: forget this user's sessions that have run out.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
  return { token, expiresAt };
}

/** The user behind a live session token, or undefined for unknown, expired, revoked or disabled. */
export async function findSessionUser(db: Database, token: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row || row.user.disabledAt) return undefined;
  return row.user;
}

export async function revokeSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

export async function revokeAllSessions(db: Database, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
