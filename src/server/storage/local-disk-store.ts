import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ImageStore, isStoredFileKey, type StoredFile } from './image-store';

/** Pictures as plain files in one folder (DATA_DIR/uploads), named by their keys. */
export function createLocalDiskStore(dir: string): ImageStore {
  // Keys are checked before they become paths, so no key can reach outside the folder.
  const fileOf = (key: string) => {
    if (!isStoredFileKey(key)) throw new Error(`Not a stored file key: ${JSON.stringify(key)}`);
    return path.join(dir, key);
  };

  return {
    async put(key, bytes) {
      await writeOnce(fileOf(key), bytes);
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
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    async *keys() {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
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

function isMissing(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
