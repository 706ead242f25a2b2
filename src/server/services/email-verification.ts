import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { emailVerifications } from '../db/schema';
import { HOUR_MS } from '../lib/clock';
import { AppError } from '../lib/errors';
import { generateToken, hashToken } from '../lib/tokens';
import { markEmailVerified } from './accounts';

export const VERIFICATION_LIFETIME_MS = 48 * HOUR_MS;

/** Issues a fresh single-use secret; earlier unused ones stop working. */
export async function issueVerificationSecret(db: Database, userId: string, now: Date): Promise<string> {
  const secret = generateToken();
  await db.transaction(async (tx) => {
    await tx.delete(emailVerifications).where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
    await tx.insert(emailVerifications).values({
      userId,
      secretHash: hashToken(secret),
      createdAt: now,
      expiresAt: new Date(now.getTime() + VERIFICATION_LIFETIME_MS),
    });
  });
  return secret;
}

export function verificationLink(publicUrl: string, userId: string, secret: string): string {
  const url = new URL('/verify', publicUrl);
  url.searchParams.set('userId', userId);
  url.searchParams.set('secret', secret);
  return url.toString();
}

const invalidLink = () => new AppError('verification_invalid', 'This verification link is not valid. Please request a new one.');

export async function confirmEmail(db: Database, userId: string, secret: string, now: Date): Promise<void> {
  if (!z.uuid().safeParse(userId).success) throw invalidLink();
  await db.transaction(async (tx) => {
    const [record] = await tx
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.secretHash, hashToken(secret)))
      .limit(1);
    if (!record || record.userId !== userId) throw invalidLink();
    if (record.usedAt) throw new AppError('verification_used', 'This verification link has already been used.');
    if (record.expiresAt <= now) {
      throw new AppError('verification_expired', 'This verification link has expired. Please request a new one.');
    }
    // The conditional update makes the secret single-use even when two clicks race.
    const claimed = await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(and(eq(emailVerifications.id, record.id), isNull(emailVerifications.usedAt)))
      .returning({ id: emailVerifications.id });
    if (claimed.length === 0) throw new AppError('verification_used', 'This verification link has already been used.');
    await markEmailVerified(tx, userId, now);
  });
}
