import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ResetPasswordRequest } from '../../../shared/account-lifecycle';
import { sessionsChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database } from '../../db/client';
import { emailVerifications, users, type UserRow } from '../../db/schema';
import { HOUR_MS } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { hashToken } from '../../lib/tokens';
import { moveCredentialEpoch, isIssuedUnderCurrentEpoch } from './credential-epoch';
import { issueEmailLinkSecret, supersededLink } from './email-verification';
import { ACCOUNT_DISABLED_MESSAGE } from './login';
import { hashPassword } from './passwords';
import { assertAcceptablePassword } from './password-rules';
import { findUserByEmail } from './users';

export const PASSWORD_RESET_LIFETIME_MS = 1 * HOUR_MS;

/** The page of the web app that asks for the new password and posts it with the token. */
export function passwordResetLink(publicUrl: string, token: string): string {
  const url = new URL('/reset-password', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * A fresh single-use reset token for the account, valid one hour, mailed to `sentTo` (the
 * account's address now); an earlier unused one stops working. Only its hash is stored. Writes
 * email_verifications.
 */
export function issuePasswordResetToken(db: Database, user: Pick<UserRow, 'id' | 'email'>, now: Date): Promise<string> {
  return issueEmailLinkSecret(db, user.id, 'password_reset', PASSWORD_RESET_LIFETIME_MS, now, { sentTo: user.email });
}

/**
 * 'Forgot password?': the account a reset mail goes to, with its fresh token, or null when the
 * address has no account or a disabled one (nothing is sent then; the caller answers the same).
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  now: Date,
): Promise<{ user: UserRow; token: string } | null> {
  const user = await findUserByEmail(db, email);
  if (!user || user.disabledAt) return null;
  return { user, token: await issuePasswordResetToken(db, user, now) };
}

const invalidLink = () =>
  new AppError('verification_invalid', 'This password reset link is not valid. Please request a new one.', 'token');
const usedLink = () => new AppError('verification_used', 'This password reset link has already been used.', 'token');
const expiredLink = () =>
  new AppError('verification_expired', 'This password reset link has expired. Please request a new one.', 'token');

/**
 * The unused, unexpired reset link with this token, or the reason it cannot be used. A link
 * issued before the account's credential epoch last moved is refused, and so is one mailed to
 * an address the account no longer has.
 */
async function usableResetLink(db: Database, token: string, now: Date) {
  const [found] = await db
    .select({ record: emailVerifications, account: { credentialEpoch: users.credentialEpoch, email: users.email } })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.userId))
    .where(eq(emailVerifications.secretHash, hashToken(token)))
    .limit(1);
  const record = found?.record;
  if (!record || record.purpose !== 'password_reset') throw invalidLink();
  if (record.usedAt) throw usedLink();
  if (!isIssuedUnderCurrentEpoch(found.account, record.credentialEpoch)) throw supersededLink('token');
  if (record.sentTo !== null && record.sentTo !== found.account.email) throw supersededLink('token');
  if (record.expiresAt <= now) throw expiredLink();
  return record;
}

/**
 * Sets the password chosen through a reset link. The link is used up; the address counts as
 * verified (the mail reached its owner), which also claims an account someone else signed up
 * with and never verified; a password someone else handed over is replaced; every session of
 * the account ends and every other link of it stops working (the credential epoch moves: a
 * pending change of address dies with it). Writes email_verifications, users and sessions in one
 * transaction.
 */
export async function resetPassword(db: Database, input: ResetPasswordRequest, now: Date): Promise<UserRow> {
  // A dead link is refused before the deliberately slow hashing; the claim below checks it again.
  const link = await usableResetLink(db, input.token, now);
  const [owner] = await db.select().from(users).where(eq(users.id, link.userId));
  if (owner) await assertAcceptablePassword(input.password, owner);
  const passwordHash = await hashPassword(input.password);
  return changeData(db, [sessionsChanged(link.userId)], async (tx) => {
    const link = await usableResetLink(tx, input.token, now);
    // The conditional update keeps the token single-use even when two submissions race.
    const claimed = await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(and(eq(emailVerifications.id, link.id), isNull(emailVerifications.usedAt)))
      .returning({ id: emailVerifications.id });
    if (claimed.length === 0) throw usedLink();
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        passwordChangeRequired: false,
        updatedAt: now,
      })
      .where(eq(users.id, link.userId))
      .returning();
    // Rolls the claim back too.
    if (user!.disabledAt) throw new AppError('account_disabled', ACCOUNT_DISABLED_MESSAGE);
    await moveCredentialEpoch(tx, user!.id);
    return user!;
  });
}
