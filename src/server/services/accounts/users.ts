import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Account, SignupRequest } from '../../../shared/account';
import { sessionsChanged } from '../../cache/data-changes';
import { changeData, changeInOneStatement, NOTHING_KEPT } from '../../db/change-data';
import type { Database, WritableDatabase } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { AppError, isUniqueViolation } from '../../lib/errors';
import { hashPassword } from './passwords';

export function toAccount(user: UserRow): Account {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    emailVerified: user.emailVerifiedAt !== null,
    role: user.role,
    passwordChangeRequired: user.passwordChangeRequired,
    theme: user.theme,
    language: user.language,
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return user;
}

/** An address that already has an account (Add User, Edit Profile; sign-up never says so). */
const EMAIL_IN_USE_MESSAGE = 'An account with this email already exists.';
export const emailInUse = () => new AppError('email_taken', EMAIL_IN_USE_MESSAGE, 'email');

export interface NewUser {
  name: string;
  email: string;
  role?: 'student' | 'admin';
  emailVerifiedAt?: Date | null;
  /** The password was handed over by someone else: its holder must choose their own at first login. */
  passwordChangeRequired?: boolean;
}

export async function createUser(db: Database, input: SignupRequest & NewUser, now: Date): Promise<UserRow> {
  return insertUser(db, { ...input, passwordHash: await hashPassword(input.password) }, now);
}

/** Inserts an account whose password is already hashed, so a caller can hash before opening a transaction. */
export async function insertUser(db: Database, input: NewUser & { passwordHash: string }, now: Date): Promise<UserRow> {
  try {
    // A new account has no session and no review yet: no kept answer names it.
    const [user] = await changeInOneStatement(db, NOTHING_KEPT, (tx) =>
      tx
        .insert(users)
        .values({
          name: input.name.trim(),
          email: normalizeEmail(input.email),
          passwordHash: input.passwordHash,
          role: input.role ?? 'student',
          emailVerifiedAt: input.emailVerifiedAt ?? null,
          passwordChangeRequired: input.passwordChangeRequired ?? false,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
    );
    return user!;
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw emailInUse();
    throw err;
  }
}

export async function countActiveAdmins(db: Database, exceptUserId?: string): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.role, 'admin'), isNull(users.disabledAt), exceptUserId ? ne(users.id, exceptUserId) : undefined),
    );
  return rows.length;
}

/**
 * Locks the rows of every active administrator until the transaction ends and answers their
 * ids. Each change that could leave no active administrator takes this lock before counting,
 * so two administrators demoting each other at once are counted one after the other: the
 * second sees the first's change and is refused. Id order keeps two callers from locking crosswise.
 */
export async function lockActiveAdmins(tx: WritableDatabase): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
    .orderBy(asc(users.id))
    .for('no key update');
  return rows.map((row) => row.id);
}

export async function markEmailVerified(db: Database, userId: string, now: Date): Promise<void> {
  await changeData(db, [sessionsChanged(userId)], (tx) =>
    tx
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt))),
  );
}

/** Until the account chooses a new password, its sessions reach nothing but the password change. */
export async function requirePasswordChange(db: Database, userId: string, now: Date): Promise<void> {
  await changeData(db, [sessionsChanged(userId)], (tx) =>
    tx.update(users).set({ passwordChangeRequired: true, updatedAt: now }).where(eq(users.id, userId)),
  );
}
