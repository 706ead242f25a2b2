import { eq } from 'drizzle-orm';
import {
  DELETE_ACCOUNT_EMAIL_MISMATCH_MESSAGE,
  LAST_ADMIN_SELF_DELETE_MESSAGE,
  type DeleteAccountRequest,
} from '../../../shared/account-lifecycle';
import { reportsChanged, sessionsChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { recordAudit } from '../audit-log';
import { withdrawAllHelpfulVotesOf } from '../reviews/helpful-votes';
import { releaseTutorOf } from '../tutors/claims';
import { deleteAllReviewsOfAuthor } from '../reviews/authoring';
import { assertOwner } from './campus-sign-in';
import { revokeAllSessions } from './sessions';
import { lockActiveAdmins, normalizeEmail } from './users';

/**
 * 'Delete my account', confirmed with the current password (or a fresh campus sign-in of this
 * session) and the address typed out. The
 * account goes with its sessions and its reviews (each tutor's count and sum corrected in the
 * same transaction, through the review service); reports, notifications, follows and drafts
 * cascade; tutors it submitted stay without a submitter. The last active administrator cannot
 * leave. The audit log keeps the name and address. Writes sessions, reviews, tutors
 * (aggregates), audit_log and users (and, by cascade, every table that points at the account).
 */
export async function deleteOwnAccount(
  db: Database,
  user: UserRow,
  input: DeleteAccountRequest,
  sessionToken: string,
  now: Date,
): Promise<void> {
  if (normalizeEmail(input.confirmEmail) !== user.email)
    throw new AppError('validation_error', DELETE_ACCOUNT_EMAIL_MISMATCH_MESSAGE, 'confirmEmail');
  await assertOwner(db, user, { currentPassword: input.currentPassword, sessionToken }, now);
  // Its reviews' tutors are said by deleteAllReviewsOfAuthor.
  await changeData(db, [sessionsChanged(user.id), reportsChanged(user.id)], async (tx, alsoChanged) => {
    const activeAdminIds = await lockActiveAdmins(tx);
    if (activeAdminIds.length === 1 && activeAdminIds[0] === user.id)
      throw new AppError('conflict', LAST_ADMIN_SELF_DELETE_MESSAGE);
    await revokeAllSessions(tx, user.id);
    await deleteAllReviewsOfAuthor(tx, user.id);
    // As the administrator's deletion does: the row lock waits for a review being written
    // right now, which the second pass then removes the counted way.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    await deleteAllReviewsOfAuthor(tx, user.id);
    await withdrawAllHelpfulVotesOf(tx, user.id);
    await releaseTutorOf(tx, user.id, alsoChanged);
    // Written while the account exists (the actor must be a real account); its actor becomes
    // null as the account goes, the name and address stay in the entry.
    await recordAudit(
      tx,
      {
        actorId: user.id,
        action: 'account_deleted_by_owner',
        target: { type: 'user', id: user.id },
        data: { userName: user.name, userEmail: user.email },
      },
      now,
    );
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
