import { aliasedTable, and, asc, desc, eq, ne } from 'drizzle-orm';
import {
  ALREADY_A_TUTOR_MESSAGE,
  CLAIM_PENDING_MESSAGE,
  PROFILE_ALREADY_CLAIMED_MESSAGE,
  type AdminTutorClaim,
  type AdminTutorClaimList,
  type MyTutorClaim,
  type MyTutorClaims,
  type TutorClaimStatus,
} from '../../../shared/tutor-side';
import { isUuid } from '../../../shared/ids';
import { tutorChanged } from '../../cache/data-changes';
import { type AlsoChanged, changeData, NOTHING_KEPT } from '../../db/change-data';
import type { Database, WritableDatabase } from '../../db/client';
import { tutorClaims, tutors, users, type TutorClaimRow, type TutorRow } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { recordAudit } from '../audit-log';
import type { Viewer } from '../auth/viewer';
import { notify } from '../notifications';
import { canSee, lockTutor, tutorNotFound } from './access';

const CLAIM_NOT_FOUND_MESSAGE = 'Claim not found.';
/** Told to the other requesters of a profile once an administrator approved someone's claim. */
export const CLAIMED_BY_ANOTHER_REASON = 'Another account was approved as this tutor.';

const claimNotFound = () => new AppError('not_found', CLAIM_NOT_FOUND_MESSAGE);

/** The tutor profile an account holds, if any: an account is the tutor of at most one. */
async function heldTutorOf(db: Database, userId: string): Promise<Pick<TutorRow, 'id'> | undefined> {
  const [held] = await db.select({ id: tutors.id }).from(tutors).where(eq(tutors.claimedBy, userId)).limit(1);
  return held;
}

function toMyTutorClaim(row: { claim: TutorClaimRow; tutor: { id: string; name: string } }): MyTutorClaim {
  return {
    id: row.claim.id,
    tutor: row.tutor,
    message: row.claim.message,
    status: row.claim.status,
    rejectionReason: row.claim.rejectionReason,
    createdAt: row.claim.createdAt.toISOString(),
    decidedAt: row.claim.decidedAt?.toISOString() ?? null,
  };
}

/**
 * 'Claim this profile': a signed-in user asks to be recognised as a public tutor. Refused for a
 * profile already claimed, for an account that already holds one, and while the same request
 * waits for an administrator.
 */
export async function claimTutor(
  db: Database,
  viewer: Viewer,
  tutorId: string,
  message: string | null,
  now: Date,
): Promise<MyTutorClaim> {
  // A claim changes nothing any page shows until an administrator approves it.
  return changeData(db, NOTHING_KEPT, async (tx) => {
    const tutor = await lockTutor(tx, tutorId);
    if (!canSee(viewer, tutor)) throw tutorNotFound();
    if (!tutor.isPublic) throw new AppError('forbidden', 'Only a public tutor profile can be claimed.');
    if (tutor.claimedBy !== null) throw new AppError('conflict', PROFILE_ALREADY_CLAIMED_MESSAGE);
    if (await heldTutorOf(tx, viewer.id)) throw new AppError('conflict', ALREADY_A_TUTOR_MESSAGE);
    let claim: TutorClaimRow;
    try {
      // A savepoint, so the refusal below leaves the transaction usable.
      [claim] = (await tx.transaction((savepoint) =>
        savepoint
          .insert(tutorClaims)
          .values({ tutorId: tutor.id, userId: viewer.id, message, createdAt: now })
          .returning(),
      )) as [TutorClaimRow];
    } catch (err) {
      if (isUniqueViolation(err, 'tutor_claims_one_pending_per_user'))
        throw new AppError('conflict', CLAIM_PENDING_MESSAGE);
      throw err;
    }
    return toMyTutorClaim({ claim, tutor: { id: tutor.id, name: tutor.name } });
  });
}

/** The caller's claims, newest first, with where each stands (a rejected one with the reason). */
export async function listMyTutorClaims(db: Database, viewer: Viewer): Promise<MyTutorClaims> {
  const rows = await db
    .select({ claim: tutorClaims, tutor: { id: tutors.id, name: tutors.name } })
    .from(tutorClaims)
    .innerJoin(tutors, eq(tutors.id, tutorClaims.tutorId))
    .where(eq(tutorClaims.userId, viewer.id))
    .orderBy(desc(tutorClaims.createdAt), desc(tutorClaims.id));
  return { items: rows.map(toMyTutorClaim) };
}

const holder = aliasedTable(users, 'holder');

function adminClaimRows(db: Database) {
  return db
    .select({
      claim: tutorClaims,
      tutor: { id: tutors.id, name: tutors.name },
      requester: { id: users.id, name: users.name, email: users.email, emailVerifiedAt: users.emailVerifiedAt },
      holder: { id: holder.id, name: holder.name },
    })
    .from(tutorClaims)
    .innerJoin(tutors, eq(tutors.id, tutorClaims.tutorId))
    .innerJoin(users, eq(users.id, tutorClaims.userId))
    .leftJoin(holder, eq(holder.id, tutors.claimedBy));
}

interface AdminClaimRow {
  claim: TutorClaimRow;
  tutor: { id: string; name: string };
  requester: { id: string; name: string; email: string; emailVerifiedAt: Date | null };
  holder: { id: string; name: string } | null;
}

function toAdminTutorClaim(row: AdminClaimRow): AdminTutorClaim {
  const { email } = row.requester;
  return {
    ...toMyTutorClaim(row),
    requester: {
      id: row.requester.id,
      name: row.requester.name,
      email,
      emailVerified: row.requester.emailVerifiedAt !== null,
      emailDomain: email.slice(email.lastIndexOf('@') + 1).toLowerCase(),
    },
    tutorClaimedBy: row.holder?.id ? { id: row.holder.id, name: row.holder.name } : null,
  };
}

/** The claims an administrator decides on (pending by default, oldest first), with the requester's address. */
export async function listAdminTutorClaims(db: Database, status: TutorClaimStatus): Promise<AdminTutorClaimList> {
  const rows = await adminClaimRows(db)
    .where(eq(tutorClaims.status, status))
    .orderBy(
      ...(status === 'pending'
        ? [asc(tutorClaims.createdAt), asc(tutorClaims.id)]
        : [desc(tutorClaims.decidedAt), desc(tutorClaims.id)]),
    )
    .limit(200);
  return { items: rows.map(toAdminTutorClaim) };
}

async function getAdminTutorClaim(db: Database, claimId: string): Promise<AdminTutorClaim> {
  const [row] = await adminClaimRows(db).where(eq(tutorClaims.id, claimId)).limit(1);
  if (!row) throw claimNotFound();
  return toAdminTutorClaim(row);
}

/**
 * The claim in the given state and its tutor, both locked (the tutor first, as every tutor write
 * locks it): pending to be decided, approved to be released.
 */
async function lockClaim(
  tx: WritableDatabase,
  claimId: string,
  expected: 'pending' | 'approved',
): Promise<{ claim: TutorClaimRow; tutor: TutorRow }> {
  if (!isUuid(claimId)) throw claimNotFound();
  const [located] = await tx
    .select({ tutorId: tutorClaims.tutorId })
    .from(tutorClaims)
    .where(eq(tutorClaims.id, claimId));
  if (!located) throw claimNotFound();
  const tutor = await lockTutor(tx, located.tutorId);
  const [claim] = await tx.select().from(tutorClaims).where(eq(tutorClaims.id, claimId)).for('update');
  if (!claim) throw claimNotFound();
  if (claim.status !== expected) {
    throw new AppError(
      'conflict',
      expected === 'pending' ? `This claim was already ${claim.status}.` : 'Only an approved claim can be released.',
    );
  }
  return { claim, tutor };
}

async function auditClaim(
  tx: WritableDatabase,
  admin: Viewer,
  action: 'tutor_claim_approved' | 'tutor_claim_rejected' | 'tutor_claim_released',
  { claim, tutor }: { claim: TutorClaimRow; tutor: TutorRow },
  reason: string | null,
  now: Date,
): Promise<void> {
  await recordAudit(
    tx,
    {
      actorId: admin.id,
      action,
      target: { type: 'tutor', id: tutor.id },
      tutorId: tutor.id,
      subjectUserId: claim.userId,
      reason,
      data: { tutorName: tutor.name },
    },
    now,
  );
}

/**
 * The requester becomes the tutor's account: refused while another account holds the profile
 * or the requester holds another. The other pending claims of the tutor are rejected, each
 * requester told why.
 */
export async function approveTutorClaim(
  db: Database,
  admin: Viewer,
  claimId: string,
  now: Date,
): Promise<AdminTutorClaim> {
  await changeData(db, [], async (tx, alsoChanged) => {
    const locked = await lockClaim(tx, claimId, 'pending');
    const { claim, tutor } = locked;
    if (tutor.claimedBy !== null) throw new AppError('conflict', PROFILE_ALREADY_CLAIMED_MESSAGE);
    if (await heldTutorOf(tx, claim.userId))
      throw new AppError('conflict', 'The requester already manages another tutor profile.');
    // The profile shows it is claimed, and to its account the reviews it may respond to.
    alsoChanged(tutorChanged(tutor, false));
    await tx.update(tutors).set({ claimedBy: claim.userId }).where(eq(tutors.id, tutor.id));
    await tx
      .update(tutorClaims)
      .set({ status: 'approved', decidedBy: admin.id, decidedAt: now })
      .where(eq(tutorClaims.id, claim.id));
    await auditClaim(tx, admin, 'tutor_claim_approved', locked, null, now);
    await notify(tx, {
      userId: claim.userId,
      kind: 'claim_approved',
      tutorId: tutor.id,
      data: { tutorName: tutor.name },
      createdAt: now,
    });
    const others = await tx
      .update(tutorClaims)
      .set({ status: 'rejected', decidedBy: admin.id, decidedAt: now, rejectionReason: CLAIMED_BY_ANOTHER_REASON })
      .where(and(eq(tutorClaims.tutorId, tutor.id), eq(tutorClaims.status, 'pending'), ne(tutorClaims.id, claim.id)))
      .returning();
    for (const other of others) {
      await auditClaim(tx, admin, 'tutor_claim_rejected', { claim: other, tutor }, CLAIMED_BY_ANOTHER_REASON, now);
      await notify(tx, {
        userId: other.userId,
        kind: 'claim_rejected',
        tutorId: tutor.id,
        data: { tutorName: tutor.name, reason: CLAIMED_BY_ANOTHER_REASON },
        createdAt: now,
      });
    }
  });
  return getAdminTutorClaim(db, claimId);
}

/** The claim is refused with a reason the requester is told. */
export async function rejectTutorClaim(
  db: Database,
  admin: Viewer,
  claimId: string,
  reason: string,
  now: Date,
): Promise<AdminTutorClaim> {
  await changeData(db, NOTHING_KEPT, async (tx) => {
    const locked = await lockClaim(tx, claimId, 'pending');
    await tx
      .update(tutorClaims)
      .set({ status: 'rejected', decidedBy: admin.id, decidedAt: now, rejectionReason: reason })
      .where(eq(tutorClaims.id, locked.claim.id));
    await auditClaim(tx, admin, 'tutor_claim_rejected', locked, reason, now);
    await notify(tx, {
      userId: locked.claim.userId,
      kind: 'claim_rejected',
      tutorId: locked.tutor.id,
      data: { tutorName: locked.tutor.name, reason },
      createdAt: now,
    });
  });
  return getAdminTutorClaim(db, claimId);
}

/**
 * An administrator takes a profile back from the account an approved claim gave it (the wrong
 * person, or a tutor who left): the profile shows unclaimed and may be claimed again. Responses
 * already posted stay, each for moderators to hide or delete; the account is told why.
 */
export async function releaseTutorClaim(
  db: Database,
  admin: Viewer,
  claimId: string,
  reason: string,
  now: Date,
): Promise<AdminTutorClaim> {
  await changeData(db, [], async (tx, alsoChanged) => {
    const locked = await lockClaim(tx, claimId, 'approved');
    const { claim, tutor } = locked;
    if (tutor.claimedBy === claim.userId) {
      alsoChanged(tutorChanged(tutor, false));
      await tx.update(tutors).set({ claimedBy: null }).where(eq(tutors.id, tutor.id));
    }
    await tx
      .update(tutorClaims)
      .set({ status: 'released', decidedBy: admin.id, decidedAt: now, rejectionReason: reason })
      .where(eq(tutorClaims.id, claim.id));
    await auditClaim(tx, admin, 'tutor_claim_released', locked, reason, now);
    await notify(tx, {
      userId: claim.userId,
      kind: 'claim_released',
      tutorId: tutor.id,
      data: { tutorName: tutor.name, reason },
      createdAt: now,
    });
  });
  return getAdminTutorClaim(db, claimId);
}

/**
 * An account that is going stops being its tutor's (the foreign key would clear it too, unsaid):
 * the profile no longer shows it claimed, and another account may claim it.
 */
export async function releaseTutorOf(tx: WritableDatabase, userId: string, alsoChanged: AlsoChanged): Promise<void> {
  const released = await tx
    .update(tutors)
    .set({ claimedBy: null })
    .where(eq(tutors.claimedBy, userId))
    .returning({ id: tutors.id, searchText: tutors.searchText, department: tutors.department });
  for (const tutor of released) alsoChanged(tutorChanged(tutor, false));
}
