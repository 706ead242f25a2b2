import { and, asc, eq } from 'drizzle-orm';
import { LAST_WAY_IN_MESSAGE, type LinkedIdentity } from '../../../shared/campus-sign-in';
import { sessionsChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database, WritableDatabase } from '../../db/client';
import { userIdentities, users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isUuid as isUserId } from '../../../shared/ids';
import { recordAudit } from '../audit-log';
import type { Viewer } from '../auth/viewer';
import { assertOwner } from './campus-sign-in';
import { moveCredentialEpoch } from './credential-epoch';

type IdentityRow = typeof userIdentities.$inferSelect;

function providerOf(issuer: string): string {
  try {
    return new URL(issuer).host;
  } catch {
    return issuer;
  }
}

function toLinkedIdentity(row: IdentityRow): LinkedIdentity {
  return {
    id: row.id,
    provider: providerOf(row.issuer),
    issuer: row.issuer,
    email: row.emailAtLink,
    linkedAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
  };
}

/** The university identities linked to the account, oldest first. */
export async function listLinkedIdentities(db: Database, userId: string): Promise<LinkedIdentity[]> {
  const rows = await db
    .select()
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(asc(userIdentities.createdAt), asc(userIdentities.id));
  return rows.map(toLinkedIdentity);
}

/** The identities as a mail names them ("sso.example.edu (ada@example.edu)"), so the owner notices one that is not theirs. */
export async function linkedIdentityNames(db: Database, userId: string): Promise<string[]> {
  return (await listLinkedIdentities(db, userId)).map((identity) =>
    identity.email ? `${identity.provider} (${identity.email})` : identity.provider,
  );
}

const identityNotFound = () => new AppError('not_found', 'This university sign-in is not linked to the account.');

async function lockedIdentities(tx: WritableDatabase, userId: string): Promise<IdentityRow[]> {
  return tx.select().from(userIdentities).where(eq(userIdentities.userId, userId)).for('update');
}

/**
 * 'Unlink' on the owner's profile: proven with the current password or a fresh campus sign-in of
 * this session. Never the last way in: an account without a password keeps its only identity.
 * The credential epoch moves: every other session ends (one may have come through that
 * identity) and every link mailed before stops working. Writes user_identities, users and sessions.
 */
export async function unlinkOwnIdentity(
  db: Database,
  user: UserRow,
  identityId: string,
  proof: { currentPassword?: string | undefined; sessionToken: string },
  now: Date,
): Promise<void> {
  const identities = await listLinkedIdentities(db, user.id);
  if (!identities.some((identity) => identity.id === identityId)) throw identityNotFound();
  await assertOwner(db, user, proof, now);
  await changeData(db, [sessionsChanged(user.id)], async (tx) => {
    const [account] = await tx.select().from(users).where(eq(users.id, user.id)).for('no key update');
    const locked = await lockedIdentities(tx, user.id);
    if (!locked.some((identity) => identity.id === identityId)) throw identityNotFound();
    if (account!.passwordHash === null && locked.length <= 1) throw new AppError('conflict', LAST_WAY_IN_MESSAGE);
    await tx.delete(userIdentities).where(and(eq(userIdentities.id, identityId), eq(userIdentities.userId, user.id)));
    await moveCredentialEpoch(tx, user.id, { keepSessionToken: proof.sessionToken });
  });
}

/** The Users page: the university identities linked to an account. */
export async function listUserIdentities(db: Database, userId: string): Promise<LinkedIdentity[]> {
  if (!isUserId(userId)) throw new AppError('not_found', 'User not found.');
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_found', 'User not found.');
  return listLinkedIdentities(db, userId);
}

/**
 * An administrator unlinks an identity from an account (one an attacker linked, say). Allowed
 * even when it is the account's last sign-in method: its owner can still choose a password
 * through "Forgot password?" at the account's address. The credential epoch moves, so every
 * session of the account ends. Recorded in the audit log. Writes user_identities, users,
 * sessions and audit_log.
 */
export async function adminUnlinkIdentity(
  db: Database,
  actor: Viewer,
  userId: string,
  identityId: string,
  now: Date,
): Promise<void> {
  if (!isUserId(userId)) throw identityNotFound();
  await changeData(db, [sessionsChanged(userId)], async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
    if (!user) throw identityNotFound();
    const [removed] = await tx
      .delete(userIdentities)
      .where(and(eq(userIdentities.id, identityId), eq(userIdentities.userId, userId)))
      .returning();
    if (!removed) throw identityNotFound();
    await moveCredentialEpoch(tx, userId);
    await recordAudit(
      tx,
      {
        actorId: actor.id,
        action: 'user_identity_unlinked',
        target: { type: 'user', id: userId },
        subjectUserId: userId,
        data: {
          userName: user.name,
          userEmail: user.email,
          changes: { unlinkedIssuer: removed.issuer, unlinkedEmail: removed.emailAtLink },
        },
      },
      now,
    );
  });
}
