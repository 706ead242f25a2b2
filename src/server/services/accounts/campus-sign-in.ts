import { and, eq, lte } from 'drizzle-orm';
import { CAMPUS_CONFIRMATION_LIFETIME_MINUTES, type SignInMethods } from '../../../shared/campus-sign-in';
import { NAME_MAX_LENGTH } from '../../../shared/account';
import type { Language } from '../../../shared/languages';
import { emailInDomains } from '../../../shared/settings';
import { sessionsChanged } from '../../cache/data-changes';
import { changeData, NOTHING_KEPT } from '../../db/change-data';
import type { Database, WritableDatabase } from '../../db/client';
import {
  campusSignInAttempts,
  type CampusSignInIntent,
  sessions,
  userIdentities,
  users,
  type UserRow,
} from '../../db/schema';
import {
  type CampusAttemptChecks,
  type CampusProfile,
  CampusSignInError,
  newAttemptChecks,
} from '../../lib/campus-provider';
import { MINUTE_MS } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { generateToken, hashToken } from '../../lib/tokens';
import { getSettings, type SettingDefaults } from '../settings';
import { assertCurrentPassword } from './email-change';
import { unclaimed } from './sign-up';
import { normalizeEmail } from './users';

/** Leaving for the university's sign-in and coming back must happen within this. */
export const CAMPUS_ATTEMPT_LIFETIME_MS = 10 * MINUTE_MS;
const CONFIRMATION_LIFETIME_MS = CAMPUS_CONFIRMATION_LIFETIME_MINUTES * MINUTE_MS;

/** One campus sign-in under way, as its callback needs it. */
export interface CampusAttempt extends CampusAttemptChecks {
  intent: CampusSignInIntent;
  userId: string | null;
  returnTo: string;
}

/**
 * Starts an attempt: new state, nonce and PKCE verifier, kept on the server under the hash of
 * a secret that only the browser's cookie holds, so the callback counts only in the browser that
 * left. Attempts that ran out are cleared on the way. Writes campus_sign_in_attempts.
 */
export async function startCampusAttempt(
  db: Database,
  attempt: Pick<CampusAttempt, 'intent' | 'userId' | 'returnTo'>,
  now: Date,
): Promise<{ browserSecret: string; checks: CampusAttemptChecks }> {
  const browserSecret = generateToken();
  const checks = newAttemptChecks();
  await changeData(db, NOTHING_KEPT, async (tx) => {
    await tx.delete(campusSignInAttempts).where(lte(campusSignInAttempts.expiresAt, now));
    await tx.insert(campusSignInAttempts).values({
      browserSecretHash: hashToken(browserSecret),
      ...checks,
      ...attempt,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CAMPUS_ATTEMPT_LIFETIME_MS),
    });
  });
  return { browserSecret, checks };
}

/**
 * The attempt the browser's secret names, used up: a second callback with the same secret (a
 * replay) finds nothing, and so does one after ten minutes. Writes campus_sign_in_attempts.
 */
export async function takeCampusAttempt(
  db: Database,
  browserSecret: string | undefined,
  now: Date,
): Promise<CampusAttempt> {
  if (!browserSecret) throw new CampusSignInError('expired', 'no attempt cookie');
  const [row] = await changeData(db, NOTHING_KEPT, (tx) =>
    tx
      .delete(campusSignInAttempts)
      .where(eq(campusSignInAttempts.browserSecretHash, hashToken(browserSecret)))
      .returning(),
  );
  if (!row || row.expiresAt <= now) throw new CampusSignInError('expired', 'no live attempt for the cookie');
  return {
    state: row.state,
    nonce: row.nonce,
    codeVerifier: row.codeVerifier,
    intent: row.intent,
    userId: row.userId,
    returnTo: row.returnTo,
  };
}

function identityOf(profile: CampusProfile) {
  return and(
    eq(userIdentities.protocol, profile.protocol),
    eq(userIdentities.issuer, profile.issuer),
    eq(userIdentities.subject, profile.subject),
  );
}

async function linkIdentity(tx: WritableDatabase, userId: string, profile: CampusProfile, now: Date): Promise<void> {
  await tx.insert(userIdentities).values({
    userId,
    protocol: profile.protocol,
    issuer: profile.issuer,
    subject: profile.subject,
    emailAtLink: profile.email ? normalizeEmail(profile.email) : null,
    createdAt: now,
    lastUsedAt: now,
  });
}

/** Who the person is here, when they last signed in through the university and were linked. */
async function linkedAccount(tx: WritableDatabase, profile: CampusProfile, now: Date): Promise<UserRow | undefined> {
  const [linked] = await tx
    .update(userIdentities)
    .set({ lastUsedAt: now })
    .where(identityOf(profile))
    .returning({ userId: userIdentities.userId });
  if (!linked) return undefined;
  const [user] = await tx.select().from(users).where(eq(users.id, linked.userId));
  return user;
}

/**
 * The account a campus sign-in signs in to. An identity seen before signs in to its account. A
 * new one is linked to the account holding the provider's address only when the provider says
 * the address is verified (else anyone who can set an address at the provider could take an
 * account); an unclaimed account with the address gives way, as at sign-up. With no account,
 * a verified student account is created with the provider's name. The sign-up domain
 * restriction applies to new links and accounts. Writes user_identities and users (and, for a
 * replaced unclaimed account, by cascade its sessions and links).
 */
export async function accountForCampusProfile(
  db: Database,
  profile: CampusProfile,
  defaults: SettingDefaults,
  now: Date,
  /** A new account's language: the page the sign-in started from. */
  language: Language | null = null,
): Promise<UserRow> {
  const user = await changeData(db, [], async (tx, alsoChanged) => {
    const known = await linkedAccount(tx, profile, now);
    if (known) return known;
    if (!profile.email) throw new CampusSignInError('no_email', 'the provider shared no address');
    const email = normalizeEmail(profile.email);
    const { restrictSignupToDomains, signupDomains } = await getSettings(tx, defaults);
    if (restrictSignupToDomains && !emailInDomains(email, signupDomains))
      throw new CampusSignInError('address_refused', 'the address is outside the sign-up domains');

    const replaced = await tx
      .delete(users)
      .where(and(eq(users.email, email), unclaimed))
      .returning({ id: users.id });
    alsoChanged(...replaced.map((account) => sessionsChanged(account.id)));
    const [holder] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (holder) {
      if (!profile.emailVerified)
        throw new CampusSignInError('address_unverified', 'the provider did not say the address is verified');
      await linkIdentity(tx, holder.id, profile, now);
      if (holder.emailVerifiedAt) return holder;
      // An invited administrator who had not yet accepted: the university has proven the address.
      alsoChanged(sessionsChanged(holder.id));
      const [verified] = await tx
        .update(users)
        .set({ emailVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, holder.id))
        .returning();
      return verified!;
    }
    const [created] = await tx
      .insert(users)
      .values({
        name: (profile.name ?? email.slice(0, email.indexOf('@'))).slice(0, NAME_MAX_LENGTH),
        email,
        passwordHash: null,
        role: 'student',
        emailVerifiedAt: now,
        language,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await linkIdentity(tx, created!.id, profile, now);
    return created!;
  });
  if (user.disabledAt) throw new CampusSignInError('disabled', 'the account is disabled');
  return user;
}

/**
 * The signed-in owner signed in at the university again: this session may stand in for the
 * password for a while. The identity must be the account's own; an account without one is
 * linked to it when the provider vouches for the account's address. Writes sessions
 * (campus_confirmed_at) and maybe user_identities.
 */
export async function confirmOwnerThroughCampus(
  db: Database,
  user: UserRow,
  sessionToken: string,
  profile: CampusProfile,
  now: Date,
): Promise<void> {
  await changeData(db, [sessionsChanged(user.id)], async (tx) => {
    const known = await linkedAccount(tx, profile, now);
    if (known && known.id !== user.id)
      throw new CampusSignInError('other_account', 'the identity belongs to another account');
    if (!known) {
      const vouched = profile.emailVerified && profile.email && normalizeEmail(profile.email) === user.email;
      if (!vouched) throw new CampusSignInError('other_account', 'the identity is not linked and its address differs');
      await linkIdentity(tx, user.id, profile, now);
    }
    await tx
      .update(sessions)
      .set({ campusConfirmedAt: now })
      .where(and(eq(sessions.tokenHash, hashToken(sessionToken)), eq(sessions.userId, user.id)));
  });
}

/** Until when the session's last campus sign-in stands in for the password, or null. */
async function campusConfirmedUntil(db: Database, sessionToken: string, now: Date): Promise<Date | null> {
  const [session] = await db
    .select({ campusConfirmedAt: sessions.campusConfirmedAt })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(sessionToken)));
  const confirmedAt = session?.campusConfirmedAt;
  if (!confirmedAt) return null;
  const until = new Date(confirmedAt.getTime() + CONFIRMATION_LIFETIME_MS);
  return until > now ? until : null;
}

/** How the account can prove it is its owner, for the forms that ask (delete, change address). */
export async function signInMethodsOf(
  db: Database,
  user: UserRow,
  sessionToken: string,
  now: Date,
): Promise<SignInMethods> {
  const [identity] = await db
    .select({ id: userIdentities.id })
    .from(userIdentities)
    .where(eq(userIdentities.userId, user.id))
    .limit(1);
  const until = await campusConfirmedUntil(db, sessionToken, now);
  return {
    hasPassword: user.passwordHash !== null,
    campusLinked: identity !== undefined,
    campusConfirmedUntil: until?.toISOString() ?? null,
  };
}

export const CURRENT_PASSWORD_REQUIRED_MESSAGE = 'Current password is required.';

/**
 * Proves the caller is the account's owner before something that cannot be undone: the current
 * password, or, without one, a campus sign-in of this session within the last few minutes. The
 * caller throttles these checks like logins.
 */
export async function assertOwner(
  db: Database,
  user: UserRow,
  proof: { currentPassword?: string | undefined; sessionToken: string },
  now: Date,
): Promise<void> {
  if (proof.currentPassword) return assertCurrentPassword(user, proof.currentPassword);
  if (!(await campusConfirmedUntil(db, proof.sessionToken, now)))
    throw new AppError('validation_error', CURRENT_PASSWORD_REQUIRED_MESSAGE, 'currentPassword');
}
