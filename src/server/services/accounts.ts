import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Account, LoginRequest, SignupRequest } from '../../shared/account';
import type { Database } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { AppError, isUniqueViolation } from '../lib/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

export function toAccount(user: UserRow): Account {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    emailVerified: user.emailVerifiedAt !== null,
    role: user.role,
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
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
export const EMAIL_IN_USE_MESSAGE = 'An account with this email already exists.';
export const emailInUse = () => new AppError('email_taken', EMAIL_IN_USE_MESSAGE);

export interface NewUser {
  name: string;
  email: string;
  role?: 'student' | 'admin';
  emailVerifiedAt?: Date | null;
}

export async function createUser(db: Database, input: SignupRequest & NewUser, now: Date): Promise<UserRow> {
  return insertUser(db, { ...input, passwordHash: await hashPassword(input.password) }, now);
}

/** Inserts an account whose password is already hashed, so a caller can hash before opening a transaction. */
export async function insertUser(db: Database, input: NewUser & { passwordHash: string }, now: Date): Promise<UserRow> {
  try {
    const [user] = await db
      .insert(users)
      .values({
        name: input.name.trim(),
        email: normalizeEmail(input.email),
        passwordHash: input.passwordHash,
        role: input.role ?? 'student',
        emailVerifiedAt: input.emailVerifiedAt ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return user!;
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw emailInUse();
    throw err;
  }
}

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

export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Please contact the administrator.';

/**
 * Checks the password; the answer is the same for an unknown email and a wrong password. Only
 * someone who knows the right password learns that the account is disabled.
 */
export async function authenticate(db: Database, credentials: LoginRequest): Promise<UserRow> {
  const user = await findUserByEmail(db, credentials.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, credentials.password)
    : await verifyAgainstDummy(credentials.password);
  if (!user || !valid) throw new AppError('invalid_credentials', 'Invalid email or password.');
  if (user.disabledAt) throw new AppError('account_disabled', ACCOUNT_DISABLED_MESSAGE);
  return user;
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
export async function lockActiveAdmins(tx: Database): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
    .orderBy(asc(users.id))
    .for('no key update');
  return rows.map((row) => row.id);
}

export async function markEmailVerified(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}
