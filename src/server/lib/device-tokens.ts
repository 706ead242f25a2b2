import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DAY_MS } from './clock';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that has signed in to an account gets a token naming that account, signed with a key only the
 * server knows, so nobody can make one for an account they never signed in to.
 */

/** How long a browser stays known to an account after its last successful login. */
export const DEVICE_TOKEN_LIFETIME_MS = 365 * DAY_MS;

const KEY_FILE = 'device-cookie.key';

/**
 * The signing key, made once per data folder (mode 600) and read by every later start; instances
 * sharing DATA_DIR share it. Not in the database: a leaked copy of the database must not let
 * anyone make device cookies.
 */
export async function loadDeviceKey(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, KEY_FILE);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  try {
    await writeFile(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  if (key.length < 32) throw new Error(`${file} does not hold a key: remove it and start again`);
  return key;
}

const signature = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/**
 * `<userId>.<credential epoch>.<issued, seconds>.<nonce>.<signature>`. The epoch it was issued
 * under (decision 29) lets a change of password, address, role or linked sign-ins forget every
 * browser that signed in before it, the attacker's among them.
 */
export function issueDeviceToken(key: Buffer, account: { id: string; credentialEpoch: number }, now: Date): string {
  const payload = `${account.id}.${account.credentialEpoch}.${Math.floor(now.getTime() / 1000)}.${randomBytes(16).toString('base64url')}`;
  return `${payload}.${signature(key, payload)}`;
}

export interface DeviceToken {
  userId: string;
  /** The account's credential epoch when the token was issued. */
  credentialEpoch: number;
  /** Tells this browser's token from every other: its failed logins are counted by it. */
  nonce: string;
}

/** The account a token names, when the server signed it and it has not expired; undefined otherwise. */
export function readDeviceToken(key: Buffer, token: string | undefined, now: Date): DeviceToken | undefined {
  const parts = token?.split('.');
  if (parts?.length !== 5) return undefined;
  const [userId, epoch, issued, nonce, mac] = parts as [string, string, string, string, string];
  const expected = Buffer.from(signature(key, `${userId}.${epoch}.${issued}.${nonce}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const age = now.getTime() - Number(issued) * 1000;
  if (!(age >= -60_000 && age < DEVICE_TOKEN_LIFETIME_MS)) return undefined;
  return { userId, credentialEpoch: Number(epoch), nonce };
}
