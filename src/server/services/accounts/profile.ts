import { and, eq, isNull } from 'drizzle-orm';
import {
  SAME_AS_ONE_TIME_PASSWORD_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  type ChangePasswordRequest,
  type UpdateProfileRequest,
} from '../../../shared/account';
import type { Language } from '../../../shared/languages';
import { sessionsChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database } from '../../db/client';
import { authorNameShownOn } from '../reviews/author-pages';
import { users, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { moveCredentialEpoch } from './credential-epoch';
import { hashPassword, verifyPassword } from './passwords';
import { assertAcceptablePassword } from './password-rules';

/**
 * 'Edit Profile': name, phone, theme and language (null clears the phone). The address is not
 * among them, for anyone: it changes only through 'Change email' (requestEmailChange), which asks
 * for proof of ownership, mails a link to the new address and a notice to the old.
 */
export async function updateProfile(
  db: Database,
  user: UserRow,
  input: UpdateProfileRequest,
  now: Date,
): Promise<UserRow> {
  const changes: Partial<Pick<UserRow, 'name' | 'phone' | 'theme' | 'language'>> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.theme !== undefined) changes.theme = input.theme;
  if (input.language !== undefined) changes.language = input.language;
  if (Object.keys(changes).length === 0) return user;
  return changeData(db, [sessionsChanged(user.id)], async (tx, alsoChanged) => {
    if (changes.name !== undefined && changes.name !== user.name)
      alsoChanged(...(await authorNameShownOn(tx, user.id)));
    const [updated] = await tx
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, user.id))
      .returning();
    return updated!;
  });
}

/**
 * An account that has never chosen a language takes the one its owner is reading the site in
 * (accepting an invitation, whose account an administrator made): its mails follow from then on.
 */
export async function adoptLanguage(db: Database, user: UserRow, language: Language, now: Date): Promise<UserRow> {
  if (user.language !== null) return user;
  return changeData(db, [sessionsChanged(user.id)], async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ language, updatedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.language)))
      .returning();
    return updated ?? user;
  });
}

/**
 * 'Update Password': the current password proves it is the owner. The credential epoch moves:
 * every other session of the account ends (one may be on a lost device), the one making the
 * change stays signed in, and every link mailed before (a pending change of address, a reset, an
 * invitation) stops working. A password someone else handed over is replaced by one of the
 * user's own, never by itself.
 */
export async function changePassword(
  db: Database,
  user: UserRow,
  currentSessionToken: string | null,
  input: ChangePasswordRequest,
  now: Date,
): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError('validation_error', WRONG_CURRENT_PASSWORD_MESSAGE, 'currentPassword');
  }
  if (user.passwordChangeRequired && input.newPassword === input.currentPassword)
    throw new AppError('validation_error', SAME_AS_ONE_TIME_PASSWORD_MESSAGE, 'newPassword');
  await assertAcceptablePassword(input.newPassword, user, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await changeData(db, [sessionsChanged(user.id)], async (tx) => {
    // Checked against the hash as it is now: of two changes racing, the second was made with a password no longer current.
    const [locked] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, user.id))
      .for('no key update');
    if (locked?.passwordHash !== user.passwordHash)
      throw new AppError('validation_error', WRONG_CURRENT_PASSWORD_MESSAGE, 'currentPassword');
    await tx
      .update(users)
      .set({ passwordHash, passwordChangeRequired: false, updatedAt: now })
      .where(eq(users.id, user.id));
    await moveCredentialEpoch(tx, user.id, { keepSessionToken: currentSessionToken });
  });
}
