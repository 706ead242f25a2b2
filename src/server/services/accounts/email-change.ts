import { and, eq, isNull } from 'drizzle-orm';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../../../shared/account';
import { sessionsChanged } from '../../cache/data-changes';
import { changeData, NOTHING_KEPT } from '../../db/change-data';
import type { Database } from '../../db/client';
import { emailVerifications, users, type UserRow } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { generateToken, hashToken } from '../../lib/tokens';
import { VERIFICATION_LIFETIME_MS } from './email-verification';
import { verifyPassword } from './passwords';
import { emailInUse, findUserByEmail, normalizeEmail } from './users';

/** The page of the web app that confirms the new address with the token. */
export function emailChangeLink(publicUrl: string, token: string): string {
  const url = new URL('/confirm-email', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** Proves the caller is the account's owner; the caller throttles these checks like logins. */
export async function assertCurrentPassword(user: UserRow, password: string, field = 'currentPassword') {
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new AppError('validation_error', WRONG_CURRENT_PASSWORD_MESSAGE, field);
}

const SAME_EMAIL_MESSAGE = 'This is already your email address.';

/**
 * 'Change email': a link valid 48 hours goes to the new address; the account keeps its address
 * until the link is opened. An address held by a verified account is refused; an unverified
 * sign-up with it is unclaimed and gives way when the link is opened. A new request replaces
 * the previous one. Writes email_verifications. Answers the token for the mail.
 */
export async function requestEmailChange(
  db: Database,
  user: UserRow,
  newEmailInput: string,
  now: Date,
): Promise<{ newEmail: string; token: string }> {
  const newEmail = normalizeEmail(newEmailInput);
  if (newEmail === user.email) throw new AppError('validation_error', SAME_EMAIL_MESSAGE, 'newEmail');
  const holder = await findUserByEmail(db, newEmail);
  if (holder?.emailVerifiedAt || holder?.role === 'admin') {
    throw new AppError('email_taken', 'An account with this email already exists.', 'newEmail');
  }
  const token = generateToken();
  // A mailed link: nothing kept reads it.
  await changeData(db, NOTHING_KEPT, async (tx) => {
    await tx
      .delete(emailVerifications)
      .where(
        and(
          eq(emailVerifications.userId, user.id),
          eq(emailVerifications.purpose, 'change_email'),
          isNull(emailVerifications.usedAt),
        ),
      );
    await tx.insert(emailVerifications).values({
      userId: user.id,
      secretHash: hashToken(token),
      purpose: 'change_email',
      newEmail,
      createdAt: now,
      expiresAt: new Date(now.getTime() + VERIFICATION_LIFETIME_MS),
    });
  });
  return { newEmail, token };
}

const invalidLink = () =>
  new AppError('verification_invalid', 'This email change link is not valid. Please request a new one.', 'token');

/**
 * Opening the link mailed to the new address: the account moves to it (verified, since the mail
 * reached it). An unverified sign-up holding the address is removed first. Writes
 * email_verifications and users in one transaction. Answers the account before and after.
 */
export async function confirmEmailChange(
  db: Database,
  token: string,
  now: Date,
): Promise<{ previousEmail: string; user: UserRow }> {
  return changeData(db, [], async (tx, alsoChanged) => {
    const [link] = await tx
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.secretHash, hashToken(token)))
      .for('update');
    if (!link || link.purpose !== 'change_email' || !link.newEmail) throw invalidLink();
    if (link.usedAt) throw new AppError('verification_used', 'This email change link has already been used.', 'token');
    if (link.expiresAt <= now)
      throw new AppError(
        'verification_expired',
        'This email change link has expired. Please request a new one.',
        'token',
      );
    await tx.update(emailVerifications).set({ usedAt: now }).where(eq(emailVerifications.id, link.id));
    const [before] = await tx.select().from(users).where(eq(users.id, link.userId)).for('no key update');
    if (!before || before.disabledAt) throw invalidLink();
    alsoChanged(sessionsChanged(before.id));
    const unclaimed = await tx
      .delete(users)
      .where(and(eq(users.email, link.newEmail), isNull(users.emailVerifiedAt), eq(users.role, 'student')))
      .returning({ id: users.id });
    alsoChanged(...unclaimed.map((account) => sessionsChanged(account.id)));
    try {
      const [user] = await tx
        .update(users)
        .set({ email: link.newEmail, emailVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, link.userId))
        .returning();
      return { previousEmail: before.email, user: user! };
    } catch (err) {
      if (isUniqueViolation(err, 'users_email_key')) throw emailInUse();
      throw err;
    }
  });
}
