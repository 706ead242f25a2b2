import { closeSync, constants, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import path from 'node:path';
import { tryLock } from 'fs-native-extensions';

export const LOCK_FILE = 'tutorly.lock';

/** Another process holds the embedded database folder. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, holder: number | undefined) {
    super(
      `The embedded database in ${dataDir} is in use by another process (${holder === undefined ? 'its id unknown' : `pid ${holder}`}). ` +
        'Stop it first, or give this one another DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  /**
   * The previous holder ended without letting go (killed, or its machine lost power): the
   * database it had open replays its write-ahead log as it opens, which takes a while.
   */
  uncleanStop: boolean;
  unlock(): void;
}

/**
 * PGlite does not guard its data folder; two processes writing one folder corrupt it. The lock is
 * an advisory lock on the open lock file, which the operating system releases with the process
 * however it ends, so a lock left by a killed process is never in the way and a process id reused
 * by another program means nothing. The file holds the holder's pid only to name it to whoever
 * is refused; a clean stop empties it, so a pid found there at start says the last stop was not.
 * The file itself stays: removing it would let a process that opened it just before lock a file
 * nobody else can see.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const fd = openSync(path.join(dataDir, LOCK_FILE), constants.O_RDWR | constants.O_CREAT, 0o600);
  try {
    const previous = readHolder(fd);
    if (!tryLock(fd)) throw new DataDirInUseError(dataDir, previous);
    ftruncateSync(fd, 0);
    writeSync(fd, String(process.pid), 0);
    let held = true;
    return {
      uncleanStop: previous !== undefined,
      unlock: () => {
        if (!held) return;
        held = false;
        ftruncateSync(fd, 0);
        closeSync(fd);
      },
    };
  } catch (err) {
    closeSync(fd);
    throw err;
  }
}

function readHolder(fd: number): number | undefined {
  const buffer = Buffer.alloc(32);
  const text = buffer
    .subarray(0, readSync(fd, buffer, 0, buffer.length, 0))
    .toString('utf8')
    .trim();
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}
