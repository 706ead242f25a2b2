import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// A real file system that fills up: a small tmpfs mounted by the test (the machines and CI run
// the tests as root). Where mounting is impossible the tests say why they were skipped; in CI
// (CI=1) they fail instead, so a fault test never silently stops running there.

export interface Tmpfs {
  dir: string;
  /** Writes one file until the file system refuses (ENOSPC); removing it frees the space again. */
  fill(): Promise<string>;
  unmount(): Promise<void>;
}

/** Why a tmpfs cannot be mounted here, or null when it can (checked once, by mounting one). */
export function tmpfsUnavailableReason(): string | null {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tutorly-tmpfs-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir], { stdio: 'pipe' });
    execFileSync('umount', [dir], { stdio: 'pipe' });
    return null;
  } catch (err) {
    const reason = `cannot mount a tmpfs here (${(err as Error).message.split('\n')[0]}): the full-disk tests need root`;
    if (process.env.CI === '1') throw new Error(`${reason}, and CI must run them`, { cause: err });
    return reason;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function mountTmpfs(sizeMiB: number): Promise<Tmpfs> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tutorly-tmpfs-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMiB}m,mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
  return {
    dir,
    async fill() {
      const file = path.join(dir, `filler-${Date.now()}`);
      const handle = await open(file, 'w');
      const chunk = Buffer.alloc(1024 * 1024, 0x5a);
      try {
        for (;;) await handle.write(chunk);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      } finally {
        await handle.close();
      }
      // The last pages too: a small write fails as well once this returns.
      const tail = await open(file, 'a');
      try {
        for (;;) await tail.write(Buffer.alloc(512, 0x5a));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      } finally {
        await tail.close();
      }
      return file;
    },
    async unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      await rm(dir, { recursive: true, force: true });
    },
  };
}
