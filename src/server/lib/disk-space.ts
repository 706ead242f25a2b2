import { randomBytes } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';

/** Enough room for what a save writes at once: a page of the database, a picture, a mail. */
const PROBE_BYTES = 1024 * 1024;

/**
 * Resolves once `dir`'s file system takes a write again: a megabyte written, flushed to the disk
 * and removed. Free-space figures would miss a quota (EDQUOT) and what the file system reserves.
 */
export async function probeWritable(dir: string): Promise<void> {
  const file = path.join(dir, `.space-probe-${randomBytes(6).toString('hex')}`);
  try {
    const handle = await open(file, 'wx', 0o600);
    try {
      await handle.write(Buffer.alloc(PROBE_BYTES));
      await handle.sync();
    } finally {
      await handle.close();
    }
  } finally {
    await rm(file, { force: true });
  }
}
