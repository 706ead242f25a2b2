import { and, eq, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { SignupRequest } from '../../../shared/account';
import type { Language } from '../../../shared/languages';
import { sessionsChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database } from '../../db/client';
import { emailVerifications, users, type UserRow } from '../../db/schema';
import { VERIFICATION_LIFETIME_MS } from './email-verification';
import { hashPassword } from './passwords';
import { assertAcceptablePassword } from './password-rules';
import { normalizeEmail } from './users';

/** The new account, or null when the address already had a verified one (whose owner the caller tells, later). */
export type SignupOutcome = { created: UserRow | null };

/** No account has this id: the sessions a sign-up for a taken address says it changed. */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** A student account nobody has proven the address of: whoever can read its mail may claim it. */
export const unclaimed = and(isNull(users.emailVerifiedAt), eq(users.role, 'student'));

/**
 * A visitor's sign-up: a new unverified student account, or nothing at all when the address
 * already has a verified account. An unverified account with the address is unclaimed: it is
 * replaced (name, password, and with its id its sessions and earlier links), so someone who
 * signed up first with another person's address keeps nothing once the owner signs up.
 * Both outcomes take the same work: the password is hashed and the same two statements run;
 * finding the existing account is left to whoever tells its owner, after the answer, so neither
 * the answer nor its timing says whether the address was taken. Writes users (and, by cascade,
 * the replaced account's sessions and email_verifications). The account reads the site in the
 * language the sign-up page was in, until its owner chooses another.
 */
export async function signUpStudent(
  db: Database,
  input: SignupRequest,
  now: Date,
  language: Language | null = null,
): Promise<SignupOutcome> {
  const email = normalizeEmail(input.email);
  await assertAcceptablePassword(input.password, { email, name: input.name });
  const passwordHash = await hashPassword(input.password);
  // An unclaimed account it replaces may have signed in (to see that its address waits for
  // verification): its kept sessions go on every instance. The new account's sessions are said
  // to change too (it has none), and a taken address says the same of nobody, so that every
  // sign-up announces alike and its work tells nothing of the address.
  return changeData(db, [], async (tx, alsoChanged) => {
    const replaced = await tx
      .delete(users)
      .where(and(eq(users.email, email), unclaimed))
      .returning({ id: users.id });
    alsoChanged(...replaced.map((account) => sessionsChanged(account.id)));
    const [created] = await tx
      .insert(users)
      .values({
        name: input.name.trim(),
        email,
        passwordHash,
        role: 'student',
        emailVerifiedAt: null,
        language,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    alsoChanged(sessionsChanged(created?.id ?? NOBODY));
    return { created: created ?? null };
  });
}

/**
 * The periodic sweep: removes unclaimed accounts older than a verification link's lifetime that
 * hold no link still usable (a resent one keeps the account until it expires). Answers how
 * many went. Writes users (and, by cascade, their sessions and email_verifications).
 */
export async function sweepUnclaimedAccounts(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - VERIFICATION_LIFETIME_MS);
  const removed = await changeData(db, [], async (tx, alsoChanged) => {
    const gone = await tx
      .delete(users)
      .where(
        and(
          unclaimed,
          lt(users.createdAt, cutoff),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(emailVerifications)
              .where(
                and(
                  eq(emailVerifications.userId, users.id),
                  isNull(emailVerifications.usedAt),
                  sql`${emailVerifications.expiresAt} > ${now.toISOString()}::timestamptz`,
                ),
              ),
          ),
        ),
      )
      .returning({ id: users.id });
    alsoChanged(...gone.map((account) => sessionsChanged(account.id)));
    return gone;
  });
  return removed.length;
}
