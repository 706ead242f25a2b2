import { eq } from 'drizzle-orm';
import { sessionsChanged } from '../../cache/data-changes';
import { changeData } from '../../db/change-data';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { generatePassword } from '../../lib/tokens';
import { countActiveAdmins, createUser, findUserByEmail } from './users';
import { hashPassword } from './passwords';
import { moveCredentialEpoch } from './credential-epoch';

export const DEFAULT_ADMIN_EMAIL = 'admin@tutorly.local';

export interface EnsureAdminInput {
  email: string;
  name: string;
  password?: string;
  /** Replace the password of an existing account (the explicit CLI does; start-up does not). */
  resetPassword?: boolean;
}

export interface EnsureAdminResult {
  user: UserRow;
  outcome: 'created' | 'promoted' | 'updated' | 'unchanged';
  /** Set only when the password was generated here and must be shown to the operator once. */
  generatedPassword?: string;
}

/** Creates an admin account, or promotes the existing account with that email. */
export async function ensureAdmin(db: Database, input: EnsureAdminInput, now: Date): Promise<EnsureAdminResult> {
  const existing = await findUserByEmail(db, input.email);
  if (!existing) {
    const generatedPassword = input.password ? undefined : generatePassword();
    const user = await createUser(
      db,
      {
        name: input.name,
        email: input.email,
        password: input.password ?? generatedPassword!,
        role: 'admin',
        emailVerifiedAt: now,
        // Printed in the log and written to a file: the admin chooses their own at first login.
        passwordChangeRequired: generatedPassword !== undefined,
      },
      now,
    );
    return { user, outcome: 'created', generatedPassword };
  }

  const changes: Partial<typeof users.$inferInsert> = {};
  if (existing.role !== 'admin') changes.role = 'admin';
  if (!existing.emailVerifiedAt) changes.emailVerifiedAt = now;
  if (existing.disabledAt) changes.disabledAt = null;
  if (input.resetPassword && input.password) {
    changes.passwordHash = await hashPassword(input.password);
    changes.passwordChangeRequired = false;
  }
  if (Object.keys(changes).length === 0) return { user: existing, outcome: 'unchanged' };

  const user = await changeData(db, [sessionsChanged(existing.id)], async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ ...changes, updatedAt: now })
      .where(eq(users.id, existing.id))
      .returning();
    // A new password, role or status closes every door opened before it (the credential epoch).
    if (changes.passwordHash || changes.role || changes.disabledAt === null) await moveCredentialEpoch(tx, existing.id);
    return user;
  });
  return { user: user!, outcome: existing.role !== 'admin' ? 'promoted' : 'updated' };
}

export interface InitialAdminOptions {
  email?: string;
  name: string;
  password?: string;
}

/**
 * At start-up: honour ADMIN_EMAIL if given; otherwise make sure at least one admin exists,
 * creating one with a generated password when there is none.
 */
export async function ensureInitialAdmin(
  db: Database,
  options: InitialAdminOptions,
  now: Date,
): Promise<EnsureAdminResult | undefined> {
  if (options.email)
    return ensureAdmin(db, { email: options.email, name: options.name, password: options.password }, now);
  if ((await countActiveAdmins(db)) > 0) return undefined;
  return ensureAdmin(db, { email: DEFAULT_ADMIN_EMAIL, name: options.name }, now);
}
