import { and, asc, desc, eq, lt, lte, notInArray, sql } from 'drizzle-orm';
import { sessionsChanged } from '../../cache/data-changes';
import { changeData, changeLocally } from '../../db/change-data';
import type { Database } from '../../db/client';
import { preparedStatement } from '../../db/prepared-statements';
import { type SignInMethod, sessions, users, type UserRow } from '../../db/schema';
import { DAY_MS, MINUTE_MS } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { generateToken, hashToken } from '../../lib/tokens';
import type { SessionSecondFactor } from '../../../shared/second-factor';
import { describeUserAgent } from '../../lib/user-agent';

/** Spec section 9: a session lasts seven days. */
export const SESSION_LIFETIME_MS = 7 * DAY_MS;
/** An account keeps at most this many sessions; signing in once more ends the oldest. */
export const MAX_SESSIONS_PER_ACCOUNT = 20;
/** 'Last active' is written at most this often per session. */
export const LAST_ACTIVE_PRECISION_MS = MINUTE_MS;
const USER_AGENT_MAX_LENGTH = 512;

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** Where a sign-in came from, for the account's list of sessions, and how it was made. */
export interface SessionOrigin {
  userAgent?: string | undefined;
  clientAddress?: string | undefined;
  /** 'password' unless said. */
  signedInWith?: SignInMethod;
  /** Where the session starts with the second factor (services/accounts/second-factor/state.ts); 'not_asked' unless said. */
  secondFactor?: SessionSecondFactor;
}

/**
 * Starts a session. The account keeps at most MAX_SESSIONS_PER_ACCOUNT: beyond that the
 * oldest end. Writes sessions.
 */
export async function createSession(
  db: Database,
  userId: string,
  now: Date,
  origin: SessionOrigin = {},
): Promise<NewSession> {
  const token = generateToken();
  const tokenHash = hashToken(token);
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await changeData(db, [sessionsChanged(userId)], async (tx) => {
    await tx.insert(sessions).values({
      tokenHash,
      userId,
      createdAt: now,
      expiresAt,
      lastActiveAt: now,
      userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      clientAddress: origin.clientAddress ?? null,
      signedInWith: origin.signedInWith ?? 'password',
      campusConfirmedAt: origin.signedInWith === 'campus' ? now : null,
      secondFactor: origin.secondFactor ?? 'not_asked',
    });
    await tx.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
    // Housekeeping on a path that is not hot: forget this user's sessions that have run out...
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
    // ...and those beyond the newest MAX_SESSIONS_PER_ACCOUNT.
    const kept = tx
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(desc(sessions.createdAt), desc(sessions.tokenHash))
      .limit(MAX_SESSIONS_PER_ACCOUNT);
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), notInArray(sessions.tokenHash, kept)));
  });
  return { token, expiresAt };
}

/** A session as stored, with its account, whatever state either is in. */
export interface StoredSession {
  user: UserRow;
  expiresAt: Date;
  lastActiveAt: Date;
  secondFactor: SessionSecondFactor;
}

/** The session with this token hash, or null when there is none (never created, revoked, or cleaned up). */
export async function findSession(db: Database, tokenHash: string): Promise<StoredSession | null> {
  const [row] = await sessionByToken(db).execute({ tokenHash });
  return row ?? null;
}

/** Every signed-in request reads its session: prepared once per database. */
const sessionByToken = preparedStatement((db: Database) =>
  db
    .select({
      user: users,
      expiresAt: sessions.expiresAt,
      lastActiveAt: sessions.lastActiveAt,
      secondFactor: sessions.secondFactor,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token'),
);

/**
 * Who a session signs in at `now`: nobody once it has expired, has been idle longer than
 * `idleTimeoutMs`, or its account is disabled.
 */
export function sessionUserAt(session: StoredSession | null, now: Date, idleTimeoutMs: number): UserRow | undefined {
  if (!session || session.expiresAt <= now || session.user.disabledAt) return undefined;
  if (session.lastActiveAt.getTime() + idleTimeoutMs <= now.getTime()) return undefined;
  return session.user;
}

/** Whether the session's 'last active' is old enough to be written again. */
export function isLastActiveStale(session: StoredSession, now: Date): boolean {
  return now.getTime() - session.lastActiveAt.getTime() >= LAST_ACTIVE_PRECISION_MS;
}

/**
 * Notes that the session was used now, at most once a minute (the condition holds even when
 * several requests arrive together). Writes sessions.last_active_at and the account's users.last_active_at. Only this instance drops
 * the account's kept sessions: another one finds its own kept time stale when the session next
 * reaches it, and reads it again before deciding it has gone idle (plugins/auth.ts).
 */
export async function touchSession(db: Database, session: StoredSession, tokenHash: string, now: Date): Promise<void> {
  await changeLocally(db, [sessionsChanged(session.user.id)], async (writable) => {
    const touched = await writable
      .update(sessions)
      .set({ lastActiveAt: now })
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          lt(sessions.lastActiveAt, new Date(now.getTime() - LAST_ACTIVE_PRECISION_MS)),
        ),
      )
      .returning({ userId: sessions.userId });
    // The account's 'last active' on the Users page, written as rarely as the session's.
    if (touched.length > 0)
      await writable.update(users).set({ lastActiveAt: now }).where(eq(users.id, session.user.id));
  });
}

/** Writes sessions. */
export async function revokeSession(db: Database, token: string): Promise<void> {
  await changeData(db, [], async (tx, alsoChanged) => {
    const revoked = await tx
      .delete(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
      .returning({ userId: sessions.userId });
    alsoChanged(...revoked.map((session) => sessionsChanged(session.userId)));
  });
}

/** Ends every session of the account. Writes sessions. */
export async function revokeAllSessions(db: Database, userId: string): Promise<void> {
  await changeData(db, [sessionsChanged(userId)], (tx) => tx.delete(sessions).where(eq(sessions.userId, userId)));
}

/**
 * The id a session is shown and ended by: derived from its token hash, so the list reveals
 * nothing that finds the session in the table, let alone signs in with it.
 */
export function sessionPublicId(tokenHash: string): string {
  return hashToken(`session-id:${tokenHash}`).slice(0, 32);
}

export interface SessionSummary {
  id: string;
  browser: string;
  system: string;
  clientAddress: string | null;
  signedInWith: SignInMethod;
  signedInAt: Date;
  lastActiveAt: Date;
  current: boolean;
}

/** The account's live sessions, the most recently active first, the caller's own marked. */
export async function listSessions(
  db: Database,
  userId: string,
  currentToken: string | null,
  now: Date,
  idleTimeoutMs: number,
): Promise<SessionSummary[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastActiveAt), asc(sessions.createdAt));
  const currentHash = currentToken ? hashToken(currentToken) : null;
  return rows
    .filter((row) => row.expiresAt > now && row.lastActiveAt.getTime() + idleTimeoutMs > now.getTime())
    .map((row) => ({
      id: sessionPublicId(row.tokenHash),
      ...describeUserAgent(row.userAgent),
      clientAddress: row.clientAddress,
      signedInWith: row.signedInWith,
      signedInAt: row.createdAt,
      lastActiveAt: row.lastActiveAt,
      current: row.tokenHash === currentHash,
    }));
}

/**
 * 'Sign out' on one session of the list. Ending the session one is using is logout's job, so it
 * is refused here; an id that is not one of the account's sessions is answered as not found.
 * Writes sessions.
 */
export async function revokeSessionById(
  db: Database,
  userId: string,
  sessionId: string,
  currentToken: string | null,
): Promise<void> {
  const rows = await db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, userId));
  const target = rows.find((row) => sessionPublicId(row.tokenHash) === sessionId);
  if (!target) throw new AppError('not_found', 'This session has already ended.');
  if (currentToken && target.tokenHash === hashToken(currentToken))
    throw new AppError('conflict', 'This is the session you are using: log out instead.');
  await changeData(db, [sessionsChanged(userId)], (tx) =>
    tx.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.tokenHash, target.tokenHash))),
  );
}
