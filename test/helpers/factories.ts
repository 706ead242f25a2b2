import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Role } from '../../src/shared/account';
import type { Database } from '../../src/server/db/client';
import { users, type UserRow } from '../../src/server/db/schema';
import { createUser } from '../../src/server/services/accounts';

// Test data through the same services the app uses. No vitest imports here: end-to-end
// tests reuse these factories against the database of a running server.

export const DEFAULT_TEST_PASSWORD = 'correct horse battery staple';

let sequence = 0;

/** Unique per call, even across test files writing to one database. */
export function uniqueEmail(label = 'student'): string {
  sequence += 1;
  return `${label}-${sequence}-${randomBytes(3).toString('hex')}@uni.example`;
}

export interface UserRecordOverrides {
  name?: string;
  email?: string;
  password?: string;
  role?: Role;
  /** Email already confirmed (default false, as after sign-up). */
  verified?: boolean;
  disabled?: boolean;
  now?: Date;
}

export interface UserRecord {
  user: UserRow;
  /** The plain password, to log in with. */
  password: string;
}

export async function createUserRecord(db: Database, overrides: UserRecordOverrides = {}): Promise<UserRecord> {
  const now = overrides.now ?? new Date();
  const role = overrides.role ?? 'student';
  const password = overrides.password ?? DEFAULT_TEST_PASSWORD;
  let user = await createUser(
    db,
    {
      name: overrides.name ?? (role === 'admin' ? 'Test Admin' : 'Test Student'),
      email: overrides.email ?? uniqueEmail(role),
      password,
      role,
      emailVerifiedAt: overrides.verified ? now : null,
    },
    now,
  );
  if (overrides.disabled) {
    [user] = (await db.update(users).set({ disabledAt: now }).where(eq(users.id, user.id)).returning()) as [UserRow];
  }
  return { user, password };
}

export function createAdminRecord(db: Database, overrides: Omit<UserRecordOverrides, 'role'> = {}): Promise<UserRecord> {
  return createUserRecord(db, { verified: true, ...overrides, role: 'admin' });
}
