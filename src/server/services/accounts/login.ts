import type { LoginRequest } from '../../../shared/account';
import type { Database } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { verifyAgainstDummy, verifyPassword } from './passwords';
import { findUserByEmail } from './users';

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
