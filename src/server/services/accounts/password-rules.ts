import { dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORD_MESSAGE, PERSONAL_PASSWORD_MESSAGE, type Role } from '../../../shared/account';
import { isStrongEnough, loadPasswordScorer, weakPasswordMessage } from '../../../shared/password-strength';
import { AppError } from '../../lib/errors';

let commonPasswords: Set<string> | undefined;

/** zxcvbn-ts's list of the most common passwords (tens of thousands, from real leaks). */
function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(password.toLowerCase());
}

const squeeze = (text: string) => text.toLowerCase().replace(/[\s._-]+/g, '');

/** The password is the account's address, its local part or its name, maybe with digits after it. */
function isPersonalPassword(password: string, owner: { email: string; name: string }): boolean {
  const bare = squeeze(password).replace(/\d+$/, '');
  const email = owner.email.toLowerCase();
  const personal = [squeeze(email), squeeze(email.split('@')[0] ?? ''), squeeze(owner.name)].filter(
    (word) => word.length >= 3,
  );
  return personal.includes(bare) || personal.includes(squeeze(password));
}

/**
 * The rules beyond the length the schema checks: not among the most common passwords, not the
 * account's e-mail or name, and hard enough to guess by zxcvbn-ts's estimate (shared/
 * password-strength.ts: score 2 for students, 3 for administrators; a new account is a
 * student's). Throws a validation error on `field`.
 */
export async function assertAcceptablePassword(
  password: string,
  owner: { email: string; name: string; role?: Role },
  field = 'password',
): Promise<void> {
  if (isCommonPassword(password)) throw new AppError('validation_error', COMMON_PASSWORD_MESSAGE, field);
  if (isPersonalPassword(password, owner)) throw new AppError('validation_error', PERSONAL_PASSWORD_MESSAGE, field);
  const role = owner.role ?? 'student';
  const score = (await loadPasswordScorer())(password, [owner.email, owner.email.split('@')[0] ?? '', owner.name]);
  if (!isStrongEnough(score, role)) throw new AppError('validation_error', weakPasswordMessage(role), field);
}
