import { and, eq } from 'drizzle-orm';
import { NOTHING_KEPT, changeData } from '../../../db/change-data';
import type { Database } from '../../../db/client';
import { secondFactorChallenges, type SecondFactorChallengePurpose } from '../../../db/schema';
import { MINUTE_MS } from '../../../lib/clock';
import { hashToken } from '../../../lib/tokens';

/** How long a passkey ceremony or an authenticator-app setup may take. */
const CHALLENGE_LIFETIME_MS = 10 * MINUTE_MS;

/** Keeps what the session was just given, replacing what it was given before for the same purpose. Writes second_factor_challenges. */
export async function keepChallenge(
  db: Database,
  sessionToken: string,
  purpose: SecondFactorChallengePurpose,
  value: string,
  now: Date,
): Promise<void> {
  const row = {
    sessionTokenHash: hashToken(sessionToken),
    purpose,
    value,
    expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
  };
  // Read by these routes alone, never kept in memory.
  await changeData(db, NOTHING_KEPT, (tx) =>
    tx
      .insert(secondFactorChallenges)
      .values(row)
      .onConflictDoUpdate({
        target: [secondFactorChallenges.sessionTokenHash, secondFactorChallenges.purpose],
        set: { value: row.value, expiresAt: row.expiresAt },
      }),
  );
}

/** What the session was given, if it has not expired; used up by reading, so it answers once. Writes second_factor_challenges. */
export async function takeChallenge(
  db: Database,
  sessionToken: string,
  purpose: SecondFactorChallengePurpose,
  now: Date,
): Promise<string | undefined> {
  const match = and(
    eq(secondFactorChallenges.sessionTokenHash, hashToken(sessionToken)),
    eq(secondFactorChallenges.purpose, purpose),
  );
  const taken = await changeData(db, NOTHING_KEPT, (tx) => tx.delete(secondFactorChallenges).where(match).returning());
  const [row] = taken;
  return row && row.expiresAt > now ? row.value : undefined;
}
