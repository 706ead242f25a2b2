import type { SignupRequest } from '../../../shared/account';
import { changeInOneStatement, NOTHING_KEPT } from '../../db/change-data';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { hashPassword } from './passwords';
import { normalizeEmail } from './users';

/** The new account, or null when the address already had one (whose owner the caller tells, later). */
export type SignupOutcome = { created: UserRow | null };

/**
 * A visitor's sign-up: a new unverified student account, or nothing at all when the address
 * already has an account. Both take the same work: the password is hashed and one insert is
 * tried either way; finding the existing account is left to whoever tells its owner, after the
 * answer, so neither the answer nor its timing says whether the address was taken.
 */
export async function signUpStudent(db: Database, input: SignupRequest, now: Date): Promise<SignupOutcome> {
  const passwordHash = await hashPassword(input.password);
  // A new account has no session and no review yet: no kept answer names it.
  const [created] = await changeInOneStatement(db, NOTHING_KEPT, (writable) =>
    writable
      .insert(users)
      .values({
        name: input.name.trim(),
        email: normalizeEmail(input.email),
        passwordHash,
        role: 'student',
        emailVerifiedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning(),
  );
  return { created: created ?? null };
}
