import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import type { Account } from '../../src/shared/account';
import { apiPaths } from '../../src/shared/api-paths';
import type { MyReview, MyReviewList } from '../../src/shared/my-reviews';
import type { TutorProfile, TutorResponse } from '../../src/shared/tutors';
import { createUserRecord } from '../helpers/factories';
import { addStudentOverHttp, addTutorOverHttp, httpExpect, loginOverHttp } from '../helpers/http-client';
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

// `npm run backup` and `npm run restore` as an operator runs them, on data made through the app.
// Only the embedded database has them (a PostgreSQL server is backed up with pg_dump), so the
// test runs in the pglite project.

const ADMIN_EMAIL = 'admin@backup.test';
const ADMIN_PASSWORD = 'backup-test-admin-password';

const tempDirs: string[] = [];

afterEach(killAllServerProcesses);

async function tempDir(label: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `tutorly-${label}-`));
  tempDirs.push(dir);
  return dir;
}

async function startOn(dataDir: string, env: Record<string, string> = {}) {
  const server = startServerProcess(await freePort(), { DATA_DIR: dataDir, ...env });
  await waitUntilReady(server);
  return server;
}

async function pictureBytes(baseUrl: string, url: string): Promise<Buffer> {
  const response = await fetch(`${baseUrl}${url}`, { signal: AbortSignal.timeout(10_000) });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe.skipIf(testDatabaseEngine() !== 'pglite')('npm run backup and npm run restore', () => {
  /** Made through the app, then backed up once; the tests restore it in their own ways. */
  let original: string;
  let folder: string;
  let tutor: TutorProfile;
  let picture: Buffer;
  let students: { email: string; cookie: string }[];
  let reviews: MyReview[];

  beforeAll(async () => {
    original = await tempDir('data');
    await migratedEmbeddedDataDir(original);
    const backups = await tempDir('backups');
    // A tutor with an uploaded picture, two students with a review each.
    const server = await startOn(original, { ADMIN_EMAIL, ADMIN_PASSWORD });
    const base = server.baseUrl;
    const adminCookie = await loginOverHttp(base, ADMIN_EMAIL, ADMIN_PASSWORD);
    tutor = await addTutorOverHttp(base, adminCookie, {
      name: 'Grace Hopper',
      department: 'Computer Science',
      background: '#aa3355',
    });
    picture = await pictureBytes(base, tutor.image!.url);
    students = [
      await addStudentOverHttp(base, adminCookie, 'Backup Student One', 'one@backup.test'),
      await addStudentOverHttp(base, adminCookie, 'Backup Student Two', 'two@backup.test'),
    ];
    reviews = [];
    for (const [index, student] of students.entries()) {
      const { review } = await httpExpect<{ review: MyReview }>(201, base, 'POST', apiPaths.reviews, {
        cookie: student.cookie,
        json: {
          tutorId: tutor.id,
          title: `Review ${index + 1} 🌟`,
          body: 'Clear explanations, fair grading. مرحبا',
          rating: index + 4,
        },
      });
      reviews.push(review);
    }
    expect((await stopServerProcess(server)).code).toBe(0);

    const backup = await runNpmScript('backup', ['--out', backups], { DATA_DIR: original });
    if (backup.code !== 0) throw new Error(`npm run backup failed: ${backup.stderr}`);
    expect(backup.stdout).toMatch(/Backed up 3 users, 1 tutors, 2 reviews and 2 picture files/);
    folder = backup.stdout.trim().split('\n').at(-1)!;
    expect(path.dirname(folder)).toBe(backups);
    expect(path.basename(folder)).toMatch(/^tutorly-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/);
    expect((await readdir(folder)).sort()).toEqual(['database.tar.gz', 'tutorly-backup.json', 'uploads']);
  }, 240_000);

  afterAll(async () => {
    await killAllServerProcesses();
    for (const dir of tempDirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });

  it(
    'bring back users, sessions, tutors, reviews and pictures into a new data folder',
    { timeout: 180_000 },
    async () => {
      // A new, empty data folder, as after losing the old one.
      const restored = await tempDir('restored');
      const restore = await runNpmScript('restore', [folder], { DATA_DIR: restored });
      expect(restore, restore.stderr).toMatchObject({ code: 0 });
      expect(restore.stdout).toMatch(/3 users, 1 tutors, 2 reviews and 2 picture files/);

      const server = await startOn(restored);
      const base = server.baseUrl;
      // The admin came back with the database: a start on an empty one would have made a new one.
      expect(existsSync(path.join(restored, 'initial-admin.txt'))).toBe(false);
      expect(server.output()).not.toContain('One-time password');
      await loginOverHttp(base, ADMIN_EMAIL, ADMIN_PASSWORD);
      for (const [index, student] of students.entries()) {
        // Sessions are rows too: the cookies from before the backup still sign the students in.
        const session = await httpExpect<{ account: Account | null }>(200, base, 'GET', apiPaths.session, {
          cookie: student.cookie,
        });
        expect(session.account?.email).toBe(student.email);
        const mine = await httpExpect<MyReviewList>(200, base, 'GET', apiPaths.myReviews, { cookie: student.cookie });
        expect(mine.items).toEqual([reviews[index]]);
      }
      const profile = await httpExpect<TutorResponse>(200, base, 'GET', apiPaths.tutor(tutor.id), {
        cookie: students[0]!.cookie,
      });
      expect(profile.tutor).toMatchObject({
        name: 'Grace Hopper',
        reviewCount: 2,
        averageRating: 4.5,
        image: tutor.image,
      });
      expect(await pictureBytes(base, tutor.image!.url)).toEqual(picture);
      expect((await pictureBytes(base, tutor.image!.thumbnailUrl)).length).toBeGreaterThan(0);

      // Under a running server both commands refuse and say why.
      const backupWhileRunning = await runNpmScript('backup', ['--out', await tempDir('backups')], {
        DATA_DIR: restored,
      });
      expect(backupWhileRunning.code).toBe(1);
      expect(backupWhileRunning.stderr).toMatch(/in use by another process[\s\S]*Stop it first/);
      const restoreWhileRunning = await runNpmScript('restore', [folder, '--force'], { DATA_DIR: restored });
      expect(restoreWhileRunning.code).toBe(1);
      expect(restoreWhileRunning.stderr).toMatch(/in use by another process[\s\S]*Stop it first/);
      expect((await stopServerProcess(server)).code).toBe(0);

      // A data folder that holds data is not replaced without --force.
      const withoutForce = await runNpmScript('restore', [folder], { DATA_DIR: restored });
      expect(withoutForce.code).toBe(1);
      expect(withoutForce.stderr).toMatch(/already holds a database and pictures[\s\S]*--force/);
    },
  );

  it('replace newer data with --force, going back to the state of the backup', { timeout: 120_000 }, async () => {
    const emails = async () => {
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(original, 'db') });
      try {
        return (await database.db.select({ email: users.email }).from(users)).map((u) => u.email).sort();
      } finally {
        await database.close();
      }
    };
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(original, 'db') });
    try {
      await createUserRecord(database.db, { email: 'after@backup.test', verified: true });
    } finally {
      await database.close();
    }
    const before = ['one@backup.test', 'two@backup.test', ADMIN_EMAIL].sort();
    expect(await emails()).toEqual([...before, 'after@backup.test'].sort());

    const restore = await runNpmScript('restore', [folder, '--force'], { DATA_DIR: original });
    expect(restore, restore.stderr).toMatchObject({ code: 0 });
    expect(await emails()).toEqual(before);
    // Nothing of the restore's working folders is left beside the data.
    expect((await readdir(original)).filter((name) => name.endsWith('.restoring'))).toEqual([]);
    expect((await readdir(path.join(original, 'uploads'))).sort()).toEqual(
      [tutor.image!.key, path.basename(tutor.image!.thumbnailUrl)].sort(),
    );
  });

  it('refuse a damaged backup and leave the data folder alone', { timeout: 60_000 }, async () => {
    const damaged = path.join(await tempDir('damaged'), 'backup');
    await cp(folder, damaged, { recursive: true });
    const databaseFile = path.join(damaged, 'database.tar.gz');
    const bytes = await readFile(databaseFile);
    const middle = bytes.length >> 1;
    bytes[middle] = bytes[middle]! ^ 0xff;
    await writeFile(databaseFile, bytes);

    const target = await tempDir('target');
    const restore = await runNpmScript('restore', [damaged], { DATA_DIR: target });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/The backup is damaged/);
    expect(await readdir(target)).toEqual([]);

    const notABackup = await runNpmScript('restore', [path.dirname(damaged)], { DATA_DIR: target });
    expect(notABackup.code).toBe(1);
    expect(notABackup.stderr).toMatch(/is not a Tutorly backup/);
  });

  it('point PostgreSQL installations to pg_dump and pg_restore', { timeout: 60_000 }, async () => {
    const env = { DATA_DIR: await tempDir('data'), DATABASE_URL: 'postgres://nobody@127.0.0.1:1/tutorly' };
    const backup = await runNpmScript('backup', [], env);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toMatch(/pg_dump/);
    const restore = await runNpmScript('restore', ['anything'], env);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/pg_restore/);
  });
});
