import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ImageStore, isStoredFileKey, StorageUnavailableError, type StoredFile } from './image-store';

/** Pictures as plain files in one folder (DATA_DIR/uploads), named by their keys. */
export function createLocalDiskStore(dir: string): ImageStore {
  // Keys are checked before they become paths, so no key can reach outside the folder.
  const fileOf = (key: string) => {
    if (!isStoredFileKey(key)) throw new Error(`Not a stored file key: ${JSON.stringify(key)}`);
    return path.join(dir, key);
  };

  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await unavailableOnFailure(() => writeOnce(file, bytes));
    },
    async has(key) {
      return isStoredFileKey(key) && (await exists(fileOf(key)));
    },
    async open(key): Promise<StoredFile | null> {
      if (!isStoredFileKey(key)) return null;
      const file = fileOf(key);
      try {
        const stats = await stat(file);
        if (!stats.isFile()) return null;
        return { size: stats.size, stream: () => createReadStream(file) };
      } catch (err) {
        if (isMissing(err)) return null;
        throw asUnavailable(err);
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await unavailableOnFailure(() => rm(file, { force: true }));
    },
    async *keys() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (err) {
        if (isMissing(err)) return;
        throw asUnavailable(err);
      }
      // Temporary files of writes in progress and anything else in the folder are not keys.
      yield* names.filter(isStoredFileKey);
    },
  };
}

/** Write to a temporary name, then rename: a reader never sees half a file. */
async function writeOnce(file: string, bytes: Uint8Array): Promise<void> {
  if (await exists(file)) return;
  // Private to the server's user like the rest of DATA_DIR; the server itself serves the pictures.
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, bytes, { flag: 'wx', mode: 0o600 });
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * What the file system refuses (a full or read-only disk, a lost mount, a folder that became a
 * file, permissions) is the disk's outage, told to the client as a bucket's is: a 503 saying to
 * try again, the cause in the log.
 */
function asUnavailable(err: unknown): unknown {
  const syscall = (err as { syscall?: unknown } | null)?.syscall;
  return typeof syscall === 'string' ? new StorageUnavailableError(err) : err;
}

async function unavailableOnFailure(operation: () => Promise<unknown>): Promise<void> {
  try {
    await operation();
  } catch (err) {
    throw asUnavailable(err);
  }
}

function isMissing(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
