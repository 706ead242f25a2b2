import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Secrets the server must read back (an authenticator app's shared secret), stored sealed with
 * AES-256-GCM under a key derived from the data folder's device key (lib/device-tokens.ts), so a
 * copy of the database alone yields no codes. `<iv>.<tag>.<ciphertext>`, base64url.
 */
export function sealingKey(deviceKey: Buffer, purpose: string): Buffer {
  return createHmac('sha256', deviceKey).update(`sealed-secrets:${purpose}`).digest();
}

export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The secret, or undefined when the value was not sealed with this key (or was altered). */
export function openSecret(key: Buffer, sealed: string): string | undefined {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
