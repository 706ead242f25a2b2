import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { apiPaths } from '../../src/shared/api-paths';
import { addTutorOverHttp, httpExpect, loginOverHttp } from '../helpers/http-client';
import { freePort } from '../helpers/ports';
import {
  killAllServerProcesses,
  startServerProcess,
  stopServerProcess,
  waitUntilReady,
} from '../helpers/server-process';
import { migratedEmbeddedDataDir } from '../helpers/embedded-data-dir';
import { runNpmScript } from '../helpers/tool-process';
import { testDatabaseEngine } from '../helpers/database';

// The embedded database holds every password hash and session: nobody but the server's own
// user may read or write DATA_DIR, its database or a backup of it. Only the embedded database
// lives in files of ours, so the test runs in the pglite project.

const ADMIN_EMAIL = 'admin@permissions.test';
const ADMIN_PASSWORD = 'permissions-test-admin-password';

const tempDirs: string[] = [];
afterEach(killAllServerProcesses);
afterAll(async () => {
  for (const dir of tempDirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/**
 * A folder other users may enter, as a home directory or /srv usually is: mkdtemp's own 0700
 * would hide everything below it and prove nothing.
 */
async function openParent(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-permissions-'));
  tempDirs.push(dir);
  await chmod(dir, 0o755);
  return dir;
}

/** Every path under `root` (itself included) that its group or other users may read, write or enter. */
async function openToOthers(root: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (target: string) => {
    const stats = await lstat(target);
    if (stats.isSymbolicLink()) return;
    if (stats.mode & 0o077) found.push(`${(stats.mode & 0o777).toString(8)} ${path.relative(root, target) || '.'}`);
    if (stats.isDirectory()) for (const name of await readdir(target)) await visit(path.join(target, name));
  };
  await visit(root);
  return found;
}

/** Whether an unprivileged user manages to read `file`; null when the test cannot switch users. */
function readableByNobody(file: string): boolean | null {
  if (process.getuid?.() !== 0 || !existsSync('/usr/sbin/runuser')) return null;
  const run = spawnSync('runuser', ['-u', 'nobody', '--', 'cat', file], { stdio: 'ignore', timeout: 10_000 });
  return run.status === 0;
}

async function waitForFiles(dir: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await readdir(dir).catch(() => [])).length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing appeared in ${dir} within ${timeoutMs} ms`);
}

describe.skipIf(testDatabaseEngine() !== 'pglite')('DATA_DIR, the embedded database and backups', () => {
  it(
    'are readable and writable by the server user only: tightened at start-up, kept so while running, in a backup and after a restore',
    { timeout: 240_000 },
    async () => {
      const parent = await openParent();
      const dataDir = path.join(parent, 'data');
      // An installation made by an earlier version: everything open to every local user.
      await mkdir(dataDir, { mode: 0o755 });
      await chmod(dataDir, 0o755);
      await migratedEmbeddedDataDir(dataDir);
      await mkdir(path.join(dataDir, 'uploads'), { mode: 0o755 });
      await writeFile(path.join(dataDir, 'uploads', 'earlier.webp'), 'an earlier picture', { mode: 0o644 });
      expect(await openToOthers(dataDir)).not.toEqual([]);

      const server = startServerProcess(await freePort(), { DATA_DIR: dataDir, ADMIN_EMAIL, ADMIN_PASSWORD });
      await waitUntilReady(server);
      expect(await openToOthers(dataDir)).toEqual([]);

      // Files made while it runs: a picture with its thumbnail, a mail in the outbox.
      const adminCookie = await loginOverHttp(server.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
      await addTutorOverHttp(server.baseUrl, adminCookie, { name: 'Grace Hopper', department: 'Computer Science' });
      await httpExpect(201, server.baseUrl, 'POST', apiPaths.signup, {
        json: { name: 'Private Student', email: 'student@permissions.test', password: 'a long enough password' },
      });
      await waitForFiles(path.join(dataDir, 'outbox'));
      const database = path.join(dataDir, 'db');
      expect(await openToOthers(dataDir)).toEqual([]);
      expect(readableByNobody(path.join(database, 'PG_VERSION'))).not.toBe(true);

      expect((await stopServerProcess(server)).code).toBe(0);
      expect(await openToOthers(dataDir)).toEqual([]);

      const backups = path.join(parent, 'backups');
      const backup = await runNpmScript('backup', ['--out', backups], { DATA_DIR: dataDir });
      if (backup.code !== 0) throw new Error(`npm run backup failed: ${backup.stderr}`);
      const folder = backup.stdout.trim().split('\n').at(-1)!;
      expect(await openToOthers(backups)).toEqual([]);
      expect(await openToOthers(dataDir)).toEqual([]);
      expect(readableByNobody(path.join(folder, 'database.tar.gz'))).not.toBe(true);

      const restored = path.join(parent, 'restored');
      const restore = await runNpmScript('restore', [folder], { DATA_DIR: restored });
      if (restore.code !== 0) throw new Error(`npm run restore failed: ${restore.stderr}`);
      expect(await openToOthers(restored)).toEqual([]);
      expect(readableByNobody(path.join(restored, 'db', 'PG_VERSION'))).not.toBe(true);
    },
  );

  it.runIf(process.getuid?.() === 0)('keep another local user out (checked as nobody)', () => {
    // The check itself must be able to succeed, or the assertions above would prove nothing.
    const dir = path.join(os.tmpdir(), `tutorly-permissions-probe-${process.pid}`);
    spawnSync('sh', ['-c', `mkdir -p ${dir} && chmod 755 ${dir} && echo x > ${dir}/f && chmod 644 ${dir}/f`]);
    try {
      expect(readableByNobody(path.join(dir, 'f'))).toBe(true);
    } finally {
      spawnSync('rm', ['-rf', dir]);
    }
  });
});
