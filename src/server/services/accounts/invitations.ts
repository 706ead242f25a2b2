import { eq, sql } from 'drizzle-orm';
import type { AcceptInvitationRequest } from '../../../shared/account';
import { sessionsChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { DAY_MS } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { ACCOUNT_DISABLED_MESSAGE } from './login';
import { assertEmailLinkUsable, claimEmailLink, emailLink, issueEmailLinkSecret } from './email-verification';
import { hashPassword } from './passwords';
import { assertAcceptablePassword } from './password-rules';
import { moveCredentialEpoch } from './credential-epoch';

export const INVITATION_LIFETIME_DAYS = 7;
const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_DAYS * DAY_MS;

/** A fresh invitation secret for the user; an earlier unused invitation stops working. */
export function issueInvitationSecret(db: Database, userId: string, now: Date): Promise<string> {
  return issueEmailLinkSecret(db, userId, 'invitation', INVITATION_LIFETIME_MS, now);
}

/** The welcome page of the web app, which asks for a password and posts it with these two values. */
export function invitationLink(publicUrl: string, userId: string, secret: string): string {
  return emailLink(publicUrl, '/welcome', userId, secret);
}

/**
 * The invited user chooses a password: the link is used up, the address counts as verified
 * (the mail reached its owner), and any session opened before ends. Answers the account so
 * the caller can sign it in.
 */
export async function acceptInvitation(db: Database, input: AcceptInvitationRequest, now: Date): Promise<UserRow> {
  // A dead link is refused before the deliberately slow hashing, and the hashing happens
  // outside the transaction; the claim below checks the link again.
  await assertEmailLinkUsable(db, 'invitation', input.userId, input.secret, now);
  const [invitee] = await db.select().from(users).where(eq(users.id, input.userId));
  if (invitee) await assertAcceptablePassword(input.password, invitee);
  const passwordHash = await hashPassword(input.password);
  return changeData(db, [sessionsChanged(input.userId)], async (tx) => {
    await claimEmailLink(tx, 'invitation', input.userId, input.secret, now);
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
        updatedAt: now,
      })
      .where(eq(users.id, input.userId))
      .returning();
    // Rolls the claim back too: the link works again should the account be enabled.
    if (user!.disabledAt) throw new AppError('account_disabled', ACCOUNT_DISABLED_MESSAGE);
    await moveCredentialEpoch(tx, user!.id);
    return user!;
  });
}
