import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

// DATA_DIR holds every password hash, session and unsent mail: only the server's own user may
// read or write it, whatever the umask of whoever started the process.

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` and any missing parents as private folders, and makes `dir` private if it already was there. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

/**
 * Takes group and other permissions off `root` and everything below it (symbolic links are left
 * alone, never followed). PGlite creates its files 0666 whatever the umask, so its folder is
 * walked whenever it is opened, migrated or closed; a file it makes in between is still out of
 * reach, since no other user can enter the 0700 folders above it.
 */
export async function tightenTree(root: string): Promise<void> {
  let stats;
  try {
    stats = await lstat(root);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (stats.isSymbolicLink()) return;
  // The owner's own bits stay as they are.
  if (stats.mode & 0o077) await chmod(root, stats.mode & 0o700);
  if (!stats.isDirectory()) return;
  for (const name of await readdir(root)) {
    // A file removed meanwhile (PGlite's own temporary files) is simply gone.
    await tightenTree(path.join(root, name));
  }
}
