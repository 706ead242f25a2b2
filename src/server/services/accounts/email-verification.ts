import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { changeData, NOTHING_KEPT } from '../../db/change-data';
import type { Database, WritableDatabase } from '../../db/client';
import { emailVerifications, users, type EmailLinkPurpose } from '../../db/schema';
import { HOUR_MS } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { generateToken, hashToken } from '../../lib/tokens';
import { currentEpochOf, isIssuedUnderCurrentEpoch } from './credential-epoch';
import { markEmailVerified } from './users';

export const SUPERSEDED_LINK_MESSAGE =
  "This link is no longer valid: the account's password, address or sign-in methods changed after it was sent. Please ask for a new one.";

/** A link issued before the account's credential epoch last moved. */
export const supersededLink = (field?: string) => new AppError('verification_expired', SUPERSEDED_LINK_MESSAGE, field);

/** What a link may carry besides its secret. */
export interface EmailLinkDetails {
  /** The address the link is mailed to. */
  sentTo?: string | undefined;
  /** 'change_email': the address the account moves to. */
  newEmail?: string | undefined;
}

/** A sign-up's link lasts 48 hours; an account still unverified after that is unclaimed and swept away. */
export const VERIFICATION_LIFETIME_MS = 48 * HOUR_MS;

/**
 * Stores a fresh single-use secret for one purpose; earlier unused ones of that purpose stop
 * working. Links of the other purpose are left alone: asking for a new verification mail must
 * not void an administrator's invitation.
 */
export async function issueEmailLinkSecret(
  db: Database,
  userId: string,
  purpose: EmailLinkPurpose,
  lifetimeMs: number,
  now: Date,
  details: EmailLinkDetails = {},
): Promise<string> {
  const secret = generateToken();
  // Links are checked afresh each time one is opened: nothing kept depends on them.
  await changeData(db, NOTHING_KEPT, async (tx) => {
    await tx
      .delete(emailVerifications)
      .where(
        and(
          eq(emailVerifications.userId, userId),
          eq(emailVerifications.purpose, purpose),
          isNull(emailVerifications.usedAt),
        ),
      );
    await tx.insert(emailVerifications).values({
      userId,
      secretHash: hashToken(secret),
      purpose,
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetimeMs),
      // Read in the same statement: an epoch moved before this commits already refuses the link.
      credentialEpoch: currentEpochOf(userId),
      sentTo: details.sentTo ?? null,
      newEmail: details.newEmail ?? null,
    });
  });
  return secret;
}

/** Issues a fresh single-use verification secret; earlier unused ones stop working. */
export function issueVerificationSecret(db: Database, userId: string, now: Date): Promise<string> {
  return issueEmailLinkSecret(db, userId, 'verify_email', VERIFICATION_LIFETIME_MS, now);
}

/** The address of a web app page (`/verify`, `/welcome`) that posts userId and secret back to the API. */
export function emailLink(publicUrl: string, page: string, userId: string, secret: string): string {
  const url = new URL(page, publicUrl);
  url.searchParams.set('userId', userId);
  url.searchParams.set('secret', secret);
  return url.toString();
}

export function verificationLink(publicUrl: string, userId: string, secret: string): string {
  return emailLink(publicUrl, '/verify', userId, secret);
}

const invalidLink = () =>
  new AppError('verification_invalid', 'This verification link is not valid. Please request a new one.');
const usedLink = () => new AppError('verification_used', 'This verification link has already been used.');
const expiredLink = () =>
  new AppError('verification_expired', 'This verification link has expired. Please request a new one.');

/**
 * Checks a mailed link without using it up: it must belong to `userId`, serve `purpose`, be
 * unused and unexpired. A secret of the other purpose is as invalid as a made-up one.
 */
export async function assertEmailLinkUsable(
  db: Database,
  purpose: EmailLinkPurpose,
  userId: string,
  secret: string,
  now: Date,
): Promise<string> {
  if (!z.uuid().safeParse(userId).success) throw invalidLink();
  const [found] = await db
    .select({ record: emailVerifications, account: { credentialEpoch: users.credentialEpoch } })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.userId))
    .where(eq(emailVerifications.secretHash, hashToken(secret)))
    .limit(1);
  const record = found?.record;
  if (!record || record.userId !== userId || record.purpose !== purpose) throw invalidLink();
  if (record.usedAt) throw usedLink();
  if (!isIssuedUnderCurrentEpoch(found.account, record.credentialEpoch)) throw supersededLink();
  if (record.expiresAt <= now) throw expiredLink();
  return record.id;
}

/** Checks a mailed link and marks it used, inside the caller's transaction. */
export async function claimEmailLink(
  tx: WritableDatabase,
  purpose: EmailLinkPurpose,
  userId: string,
  secret: string,
  now: Date,
): Promise<void> {
  const linkId = await assertEmailLinkUsable(tx, purpose, userId, secret, now);
  // The conditional update makes the secret single-use even when two clicks race.
  const claimed = await tx
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(and(eq(emailVerifications.id, linkId), isNull(emailVerifications.usedAt)))
    .returning({ id: emailVerifications.id });
  if (claimed.length === 0) throw usedLink();
}

export async function confirmEmail(db: Database, userId: string, secret: string, now: Date): Promise<void> {
  // markEmailVerified says what it changes (the account's sessions).
  await changeData(db, NOTHING_KEPT, async (tx) => {
    await claimEmailLink(tx, 'verify_email', userId, secret, now);
    await markEmailVerified(tx, userId, now);
  });
}
