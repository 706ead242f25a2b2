import type { SignupRequest } from '../../../shared/account';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { hashPassword } from './passwords';
import { findUserByEmail, insertUser, normalizeEmail } from './users';

export type SignupOutcome = { created: true; user: UserRow } | { created: false; existing: UserRow };

/**
 * A visitor's sign-up: a new unverified student account, or, when the address already has an
 * account, nothing at all (the caller tells that account's owner by mail). The password is
 * hashed either way, so the two cannot be told apart by how long the answer takes.
 */
export async function signUpStudent(db: Database, input: SignupRequest, now: Date): Promise<SignupOutcome> {
  const passwordHash = await hashPassword(input.password);
  const email = normalizeEmail(input.email);
  const [created] = await db
    .insert(users)
    .values({
      name: input.name.trim(),
      email,
      passwordHash,
      role: 'student',
      emailVerifiedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (created) return { created: true, user: created };
  const existing = await findUserByEmail(db, email);
  // Deleted between the two statements: the address is free again.
  if (!existing) return { created: true, user: await insertUser(db, { ...input, passwordHash }, now) };
  return { created: false, existing };
}
