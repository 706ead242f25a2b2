import { and, eq, lte } from 'drizzle-orm';
import { CAMPUS_CONFIRMATION_LIFETIME_MINUTES, type SignInMethods } from '../../../shared/campus-sign-in';
import { NAME_MAX_LENGTH } from '../../../shared/account';
import type { Language } from '../../../shared/languages';
import { emailInDomains } from '../../../shared/settings';
import { sessionsChanged } from '../../cache/data-changes';
import { changeData, NOTHING_KEPT } from '../../db/change-data';
import type { Database, WritableDatabase } from '../../db/client';
import {
  campusPendingLinks,
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
import { currentEpochOf, isIssuedUnderCurrentEpoch, moveCredentialEpoch } from './credential-epoch';
import { assertCurrentPassword } from './email-change';
import { verifyPassword } from './passwords';
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
  /** 'confirm': the account's credential epoch when it left. */
  credentialEpoch: number | null;
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
      // A confirmation that comes back after the way in changed counts for nothing.
      credentialEpoch: attempt.userId ? currentEpochOf(attempt.userId) : null,
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
    credentialEpoch: row.credentialEpoch,
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

/** What a campus sign-in comes to. */
export type CampusOutcome =
  | {
      kind: 'signed-in';
      user: UserRow;
      /** A new account whose address the provider did not vouch for: it is verified by mail, as at sign-up. */
      verifyByMail: boolean;
    }
  | {
      /**
       * The address is an administrator's, whose account is linked to a university identity only
       * once its password is given too: the identity waits (campus_pending_links) under this
       * browser's secret.
       */
      kind: 'admin-password-needed';
      browserSecret: string;
    };

/** A pending administrator link waits this long for the password. */
export const PENDING_LINK_LIFETIME_MS = 10 * MINUTE_MS;

/**
 * The account a campus sign-in signs in to. An identity seen before signs in to its account. The
 * provider's address counts only when the provider says it is verified (`email_verified: true`)
 * or an administrator has said this provider's addresses are authoritative: only then is a new
 * identity linked to the account holding the address (an unclaimed sign-up with it gives way, as
 * at sign-up), and only then is a new account created verified. An address the provider does not
 * vouch for never touches an existing account, not even an unverified sign-up; with no account
 * for it, a new student account is created unverified and verified by mail. An administrator's
 * account is linked only once its password is given too (see linkPendingIdentity). The sign-up
 * domain restriction applies to new links and accounts. Linking moves the account's credential
 * epoch. Writes user_identities, users, sessions and campus_pending_links.
 */
export async function accountForCampusProfile(
  db: Database,
  profile: CampusProfile,
  defaults: SettingDefaults,
  now: Date,
  /** A new account's language: the page the sign-in started from. */
  language: Language | null = null,
): Promise<CampusOutcome> {
  const outcome = await changeData(db, [], async (tx, alsoChanged): Promise<CampusOutcome> => {
    const known = await linkedAccount(tx, profile, now);
    if (known) return { kind: 'signed-in', user: known, verifyByMail: false };
    if (!profile.email) throw new CampusSignInError('no_email', 'the provider shared no address');
    const email = normalizeEmail(profile.email);
    const { restrictSignupToDomains, signupDomains, campusAddressesAuthoritative } = await getSettings(tx, defaults);
    if (restrictSignupToDomains && !emailInDomains(email, signupDomains))
      throw new CampusSignInError('address_refused', 'the address is outside the sign-up domains');
    const vouched = profile.emailVerified || campusAddressesAuthoritative;

    if (vouched) {
      const replaced = await tx
        .delete(users)
        .where(and(eq(users.email, email), unclaimed))
        .returning({ id: users.id });
      alsoChanged(...replaced.map((account) => sessionsChanged(account.id)));
    }
    const [holder] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (holder) {
      if (!vouched)
        throw new CampusSignInError('address_unverified', 'the provider did not say the address is verified');
      if (holder.role === 'admin') {
        const browserSecret = generateToken();
        await tx.delete(campusPendingLinks).where(lte(campusPendingLinks.expiresAt, now));
        await tx.insert(campusPendingLinks).values({
          browserSecretHash: hashToken(browserSecret),
          userId: holder.id,
          protocol: profile.protocol,
          issuer: profile.issuer,
          subject: profile.subject,
          emailAtLink: email,
          credentialEpoch: holder.credentialEpoch,
          createdAt: now,
          expiresAt: new Date(now.getTime() + PENDING_LINK_LIFETIME_MS),
        });
        return { kind: 'admin-password-needed', browserSecret };
      }
      await linkIdentity(tx, holder.id, profile, now);
      alsoChanged(sessionsChanged(holder.id));
      await moveCredentialEpoch(tx, holder.id);
      const [linked] = await tx
        .update(users)
        .set({ emailVerifiedAt: holder.emailVerifiedAt ?? now, updatedAt: now })
        .where(eq(users.id, holder.id))
        .returning();
      return { kind: 'signed-in', user: linked!, verifyByMail: false };
    }
    const [created] = await tx
      .insert(users)
      .values({
        name: (profile.name ?? email.slice(0, email.indexOf('@'))).slice(0, NAME_MAX_LENGTH),
        email,
        passwordHash: null,
        role: 'student',
        emailVerifiedAt: vouched ? now : null,
        language,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await linkIdentity(tx, created!.id, profile, now);
    return { kind: 'signed-in', user: created!, verifyByMail: !vouched };
  });
  if (outcome.kind === 'signed-in' && outcome.user.disabledAt)
    throw new CampusSignInError('disabled', 'the account is disabled');
  return outcome;
}

const pendingLinkGone = () =>
  new AppError(
    'verification_expired',
    'This university sign-in waited too long or was already used. Please sign in with your university again.',
  );

/**
 * The administrator gives their password once, in the browser the campus sign-in came back to:
 * the waiting identity is linked to their account, and from then on the university signs them
 * in. Refused when the account's way in changed since (the credential epoch moved) or after ten
 * minutes. Linking moves the epoch: the account's sessions end, and the administrator signs in
 * afresh (with the university or the password). Writes campus_pending_links, user_identities,
 * users and sessions. Answers the account.
 */
export async function linkPendingIdentity(
  db: Database,
  browserSecret: string | undefined,
  password: string,
  now: Date,
): Promise<UserRow> {
  if (!browserSecret) throw pendingLinkGone();
  const [pending] = await db
    .select()
    .from(campusPendingLinks)
    .where(eq(campusPendingLinks.browserSecretHash, hashToken(browserSecret)));
  if (!pending || pending.expiresAt <= now) throw pendingLinkGone();
  const [owner] = await db.select().from(users).where(eq(users.id, pending.userId));
  if (!owner || !(await verifyPassword(owner.passwordHash, password)))
    throw new AppError('validation_error', 'Your password is not correct.', 'password');
  return changeData(db, [sessionsChanged(pending.userId)], async (tx) => {
    const [taken] = await tx
      .delete(campusPendingLinks)
      .where(eq(campusPendingLinks.browserSecretHash, pending.browserSecretHash))
      .returning();
    const [account] = await tx.select().from(users).where(eq(users.id, pending.userId)).for('no key update');
    if (!taken || !account || !isIssuedUnderCurrentEpoch(account, taken.credentialEpoch)) throw pendingLinkGone();
    if (account.disabledAt) throw new CampusSignInError('disabled', 'the account is disabled');
    await tx.insert(userIdentities).values({
      userId: account.id,
      protocol: taken.protocol,
      issuer: taken.issuer,
      subject: taken.subject,
      emailAtLink: taken.emailAtLink,
      createdAt: now,
      lastUsedAt: now,
    });
    await moveCredentialEpoch(tx, account.id);
    return account;
  });
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
  /** The credential epoch the confirmation left under. */
  issuedUnder: number | null = user.credentialEpoch,
): Promise<void> {
  await changeData(db, [sessionsChanged(user.id)], async (tx) => {
    const [account] = await tx.select().from(users).where(eq(users.id, user.id)).for('no key update');
    if (!account || !isIssuedUnderCurrentEpoch(account, issuedUnder))
      throw new CampusSignInError('expired', "the account's way in changed while the confirmation was under way");
    const known = await linkedAccount(tx, profile, now);
    if (known && known.id !== user.id)
      throw new CampusSignInError('other_account', 'the identity belongs to another account');
    if (!known) {
      const vouched = profile.emailVerified && profile.email && normalizeEmail(profile.email) === user.email;
      if (!vouched) throw new CampusSignInError('other_account', 'the identity is not linked and its address differs');
      // An administrator's account takes a new identity only with its password (linkPendingIdentity).
      if (user.role === 'admin')
        throw new CampusSignInError('admin_password_needed', 'an administrator links an identity with the password');
      await linkIdentity(tx, user.id, profile, now);
      await moveCredentialEpoch(tx, user.id, { keepSessionToken: sessionToken });
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
