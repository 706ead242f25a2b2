import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret with 256 bits of entropy. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so the database never holds a usable secret. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A readable one-time password for generated admin accounts. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
