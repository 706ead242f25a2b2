import { and, eq, isNull } from 'drizzle-orm';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../../../shared/account';
import { sessionsChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database, WritableDatabase } from '../../db/client';
import { emailVerifications, users, type UserRow } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { HOUR_MS } from '../../lib/clock';
import { hashToken } from '../../lib/tokens';
import { isIssuedUnderCurrentEpoch, moveCredentialEpoch } from './credential-epoch';
import { issueEmailLinkSecret, supersededLink } from './email-verification';
import { verifyPassword } from './passwords';
import { emailInUse, findUserByEmail, normalizeEmail } from './users';

/** Both links of a change of address, the confirmation and 'Cancel this change', live this long. */
export const EMAIL_CHANGE_LIFETIME_MS = 24 * HOUR_MS;

/** The page of the web app that confirms the new address with the token. */
export function emailChangeLink(publicUrl: string, token: string): string {
  const url = new URL('/confirm-email', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** The page of the web app that cancels a change of address, from the notice to the old address. */
export function cancelEmailChangeLink(publicUrl: string, token: string): string {
  const url = new URL('/cancel-email-change', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** Proves the caller is the account's owner; the caller throttles these checks like logins. */
export async function assertCurrentPassword(user: UserRow, password: string, field = 'currentPassword') {
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new AppError('validation_error', WRONG_CURRENT_PASSWORD_MESSAGE, field);
}

const SAME_EMAIL_MESSAGE = 'This is already your email address.';

/** What a request to change the address mails: a link to the new address, or word that it is taken. */
export interface EmailChangeRequested {
  newEmail: string;
  /** The confirmation link's token; null when the new address already has an account (its mail says so instead). */
  token: string | null;
  /** 'Cancel this change', for the notice to the current address: works without signing in. */
  cancelToken: string;
}

/**
 * 'Change email': a link valid 24 hours goes to the new address; the account keeps its address
 * until the link is opened. The answer is the same whether or not the new address is free, so
 * the form tells nobody which addresses have accounts: an address held by a verified account (or
 * an administrator) gets no link, only a mail saying it already has an account; an unverified
 * sign-up with it is unclaimed and gives way when the link is opened. A new request replaces the
 * previous one. The notice to the current address carries 'Cancel this change' (its own token,
 * valid as long). Both links record the credential epoch: a password change or reset, or any
 * other change of the way in, kills them. Writes email_verifications.
 */
export async function requestEmailChange(
  db: Database,
  user: UserRow,
  newEmailInput: string,
  now: Date,
): Promise<EmailChangeRequested> {
  const newEmail = normalizeEmail(newEmailInput);
  if (newEmail === user.email) throw new AppError('validation_error', SAME_EMAIL_MESSAGE, 'newEmail');
  const holder = await findUserByEmail(db, newEmail);
  const taken = Boolean(holder?.emailVerifiedAt || holder?.role === 'admin');
  const token = taken
    ? null
    : await issueEmailLinkSecret(db, user.id, 'change_email', EMAIL_CHANGE_LIFETIME_MS, now, {
        sentTo: newEmail,
        newEmail,
      });
  const cancelToken = await issueEmailLinkSecret(db, user.id, 'cancel_email_change', EMAIL_CHANGE_LIFETIME_MS, now, {
    sentTo: user.email,
  });
  return { newEmail, token, cancelToken };
}

const invalidLink = () =>
  new AppError('verification_invalid', 'This email change link is not valid. Please request a new one.', 'token');

/** The link of `purpose` with this token, locked, with its account's epoch; or why it cannot be used. */
async function lockedLink(
  tx: WritableDatabase,
  purpose: 'change_email' | 'cancel_email_change',
  token: string,
  now: Date,
) {
  const [found] = await tx
    .select({ link: emailVerifications, account: { credentialEpoch: users.credentialEpoch } })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.userId))
    .where(eq(emailVerifications.secretHash, hashToken(token)))
    .for('update', { of: emailVerifications });
  const link = found?.link;
  if (!link || link.purpose !== purpose) throw invalidLink();
  if (link.usedAt) throw new AppError('verification_used', 'This email change link has already been used.', 'token');
  if (!isIssuedUnderCurrentEpoch(found.account, link.credentialEpoch)) throw supersededLink('token');
  if (link.expiresAt <= now)
    throw new AppError(
      'verification_expired',
      'This email change link has expired. Please request a new one.',
      'token',
    );
  await tx.update(emailVerifications).set({ usedAt: now }).where(eq(emailVerifications.id, link.id));
  return link;
}

/**
 * Opening the link mailed to the new address: the account moves to it (verified, since the mail
 * reached it). An unverified sign-up holding the address is removed first. The credential epoch
 * moves: every session of the account ends but the one opening the link, when it is the
 * account's own, and every other link mailed to the old address (a reset above all) stops
 * working. Writes email_verifications, users and sessions in one transaction. Answers the
 * account before and after.
 */
export async function confirmEmailChange(
  db: Database,
  token: string,
  now: Date,
  currentSessionToken: string | null = null,
): Promise<{ previousEmail: string; user: UserRow }> {
  return changeData(db, [], async (tx, alsoChanged) => {
    const link = await lockedLink(tx, 'change_email', token, now);
    if (!link.newEmail) throw invalidLink();
    const [before] = await tx.select().from(users).where(eq(users.id, link.userId)).for('no key update');
    if (!before || before.disabledAt) throw invalidLink();
    alsoChanged(sessionsChanged(before.id));
    const unclaimed = await tx
      .delete(users)
      .where(and(eq(users.email, link.newEmail), isNull(users.emailVerifiedAt), eq(users.role, 'student')))
      .returning({ id: users.id });
    alsoChanged(...unclaimed.map((account) => sessionsChanged(account.id)));
    try {
      await tx
        .update(users)
        .set({ email: link.newEmail, emailVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, link.userId));
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_key')) throw emailInUse();
      throw err;
    }
    await moveCredentialEpoch(tx, before.id, { keepSessionToken: currentSessionToken });
    const [user] = await tx.select().from(users).where(eq(users.id, before.id));
    return { previousEmail: before.email, user: user! };
  });
}

/**
 * 'Cancel this change', from the notice to the old address, without signing in: the pending
 * change dies, and since someone who could ask for it holds the password or a session, the
 * credential epoch moves too: every session of the account ends and every link mailed before
 * stops working. Writes email_verifications, users and sessions. Answers the account's address.
 */
export async function cancelEmailChange(db: Database, token: string, now: Date): Promise<{ email: string }> {
  return changeData(db, [], async (tx, alsoChanged) => {
    const link = await lockedLink(tx, 'cancel_email_change', token, now);
    alsoChanged(sessionsChanged(link.userId));
    await tx
      .delete(emailVerifications)
      .where(
        and(
          eq(emailVerifications.userId, link.userId),
          eq(emailVerifications.purpose, 'change_email'),
          isNull(emailVerifications.usedAt),
        ),
      );
    await moveCredentialEpoch(tx, link.userId);
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, link.userId));
    return { email: user!.email };
  });
}
