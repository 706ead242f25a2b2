import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/** Where a first start leaves the generated admin's one-time password for the operator. */
export const INITIAL_ADMIN_FILE = 'initial-admin.txt';

const fileIn = (dataDir: string) => path.join(dataDir, INITIAL_ADMIN_FILE);

/** What the file says, or undefined when there is no file. */
export async function readInitialAdminFile(dataDir: string): Promise<{ email: string; password: string } | undefined> {
  let contents: string;
  try {
    contents = await readFile(fileIn(dataDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const field = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(contents)?.[1]?.trim() ?? '';
  return { email: field('email'), password: field('password') };
}

/**
 * Removes the file, when it names `email` (or whatever it names without one). Once its password
 * is spent it is only a secret lying around (it was printed in the log and may sit in backups).
 */
export async function removeInitialAdminFile(dataDir: string, email?: string): Promise<boolean> {
  const contents = await readInitialAdminFile(dataDir);
  if (!contents || (email !== undefined && contents.email !== email)) return false;
  await rm(fileIn(dataDir), { force: true });
  return true;
}
