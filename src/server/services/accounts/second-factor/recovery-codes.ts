import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../../../shared/second-factor';
import { hashToken } from '../../../lib/tokens';

/** Lower-case letters and digits without the look-alikes (0/o, 1/l/i), for codes written on paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const CODE_LENGTH = 10;

/** One code, shown as `xxxxx-xxxxx` (about 49 bits); the dash and spaces are ignored when typed. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/**
 * What is stored of a code: its SHA-256 (typed codes are normalized by the request schema, so
 * the stored form is taken without separators). Guessing is held back by the attempt limit.
 */
export function recoveryCodeHash(code: string): string {
  return hashToken(`recovery-code:${code.replace(/[\s-]/g, '').toLowerCase()}`);
}
