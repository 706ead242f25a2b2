import type { ReadCache } from '../cache/read-cache';
import type { Database } from '../db/client';
import { findSession, isLastActiveStale, type StoredSession } from '../services/accounts/sessions';

/** About what a session and its account weigh in memory. */
const SESSION_WEIGHT = 1_000;

/**
 * The session of a cookie's token hash, with its account, read on every signed-in request:
 * kept until the account's sessions or the account itself change. Unknown tokens are not kept
 * (anyone can make up any number of them).
 */
export async function sessionOf(
  cache: ReadCache,
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<StoredSession | null> {
  const read = () =>
    cache.get(tokenHash, () => findSession(db, tokenHash), {
      dependsOn: (session) => (session ? [{ on: 'sessions', userId: session.user.id }] : []),
      keep: (session) => session !== null,
      weigh: () => SESSION_WEIGHT,
    });
  const session = await read();
  // Its last-active time is written once a minute by whichever instance the session reaches,
  // and told to no other: a kept time that old is read again before anything is judged by it.
  if (!session || !isLastActiveStale(session, now)) return session;
  cache.forget(tokenHash);
  return read();
}
