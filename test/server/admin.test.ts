import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, onTestFinished, test } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { findUserByEmail } from '../../src/server/services/accounts/users';
import { DEFAULT_ADMIN_EMAIL } from '../../src/server/services/accounts/ensure-admin';
import { verifyPassword } from '../../src/server/services/accounts/passwords';
import { INITIAL_ADMIN_FILE, prepareDatabase } from '../../src/server/startup';
import { readCreateAdminArguments } from '../../src/server/cli/create-admin-arguments';
import { apiPaths } from '../../src/shared/api-paths';
import { COMMON_PASSWORD_MESSAGE, PERSONAL_PASSWORD_MESSAGE } from '../../src/shared/account';
import { signedInAdmin, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { getSessionAccount, login, signUp } from '../helpers/auth';
import { createAdminRecord, createUserRecord } from '../helpers/factories';
import { request } from '../helpers/requests';
import { testDatabaseEngine } from '../helpers/database';
import { migratedEmbeddedDataDir } from '../helpers/embedded-data-dir';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('admin settings', () => {
  test.each([
    ['GET', undefined],
    ['PATCH', { siteName: 'Hijacked' }],
  ] as const)('%s is refused to anonymous visitors (401) and students (403)', async (method, payload) => {
    const anonymous = await request(t.app, method, apiPaths.adminSettings, { payload });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');

    const student = await request(t.app, method, apiPaths.adminSettings, { as: await signedInStudent(t), payload });
    expect(student.statusCode).toBe(403);
    expect(student.json().error).toEqual({ code: 'forbidden', message: 'Only administrators can do this.' });

    expect((await request(t.app, 'GET', apiPaths.publicSettings)).json()).toMatchObject({ siteName: 'Tutorly' });
  });

  test('an admin reads and changes the site name, which everyone then sees', async () => {
    const { cookie } = await signedInAdmin(t);

    const current = await request(t.app, 'GET', apiPaths.adminSettings, { as: cookie });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ siteName: 'Tutorly' });

    const changed = await request(t.app, 'PATCH', apiPaths.adminSettings, {
      as: cookie,
      payload: { siteName: '  Campus Tutors ' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ siteName: 'Campus Tutors' });

    const visitor = await request(t.app, 'GET', apiPaths.publicSettings);
    expect(visitor.json()).toMatchObject({ siteName: 'Campus Tutors' });
  });

  test('an empty site name is refused', async () => {
    const { cookie } = await signedInAdmin(t);

    const response = await request(t.app, 'PATCH', apiPaths.adminSettings, {
      as: cookie,
      payload: { siteName: '   ' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'validation_error',
      message: 'Site name is required.',
      fields: [{ path: 'siteName', message: 'Site name is required.' }],
    });
  });

  test('a student named "******" is still a student', async () => {
    const signed = await signUp(t.app, { name: '******' });
    const cookie = await login(t.app, signed);

    expect(await getSessionAccount(t.app, cookie)).toMatchObject({ name: '******', role: 'student' });
    const response = await request(t.app, 'GET', apiPaths.adminSettings, { as: cookie });
    expect(response.statusCode).toBe(403);
  });
});

describe('the first admin on first start', () => {
  test('with no ADMIN_EMAIL, creates admin@tutorly.local with a one-time password shown once', async () => {
    await prepareDatabase(t.config, t.database, t.app.log, t.clock());

    const file = path.join(t.dataDir, INITIAL_ADMIN_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const contents = await readFile(file, 'utf8');
    const password = /^password: (\S+)$/m.exec(contents)?.[1];
    expect(contents).toContain(`email: ${DEFAULT_ADMIN_EMAIL}`);
    expect(password).toMatch(/^[\w-]{16,}$/);
    expect(t.logs.filter((line) => line.includes(password!))).toHaveLength(1);

    const cookie = await login(t.app, { email: DEFAULT_ADMIN_EMAIL, password: password! });
    expect(await getSessionAccount(t.app, cookie)).toMatchObject({
      email: DEFAULT_ADMIN_EMAIL,
      role: 'admin',
      emailVerified: true,
    });
  });

  test('a second start creates nothing and shows no password again', async () => {
    await prepareDatabase(t.config, t.database, t.app.log, t.clock());
    const linesAfterFirstStart = t.logs.length;

    await prepareDatabase(t.config, t.database, t.app.log, t.clock());

    expect(await t.db.select().from(users)).toHaveLength(1);
    expect(t.logs.slice(linesAfterFirstStart).join('\n')).not.toMatch(/password/i);
  });

  test('an existing admin means no generated one', async () => {
    await createAdminRecord(t.db, { email: 'dean@uni.example' });

    await prepareDatabase(t.config, t.database, t.app.log, t.clock());

    expect((await t.db.select().from(users)).map((u) => u.email)).toEqual(['dean@uni.example']);
    await expect(stat(path.join(t.dataDir, INITIAL_ADMIN_FILE))).rejects.toThrow(/ENOENT/);
  });

  describe('with ADMIN_EMAIL, ADMIN_PASSWORD and ADMIN_NAME', () => {
    const adminEnv = { ADMIN_EMAIL: 'Dean@Uni.Example', ADMIN_PASSWORD: 'dean-password-123', ADMIN_NAME: 'The Dean' };

    test('creates that admin, and writes no password file', async () => {
      const configured = await createTestApp({ env: adminEnv });
      onTestFinished(() => configured.close());

      await prepareDatabase(configured.config, configured.database, configured.app.log, configured.clock());

      const cookie = await login(configured.app, { email: 'dean@uni.example', password: 'dean-password-123' });
      expect(await getSessionAccount(configured.app, cookie)).toMatchObject({
        name: 'The Dean',
        role: 'admin',
        emailVerified: true,
      });
      expect(await t.db.select().from(users)).toHaveLength(1);
      await expect(stat(path.join(configured.dataDir, INITIAL_ADMIN_FILE))).rejects.toThrow(/ENOENT/);
      expect(configured.logs.join('\n')).not.toContain('dean-password-123');
    });

    test('promotes a student who already has that email', async () => {
      const { user: student, password } = await createUserRecord(t.db, {
        email: 'dean@uni.example',
        name: 'Dean As Student',
      });
      const configured = await createTestApp({ env: adminEnv });
      onTestFinished(() => configured.close());

      await prepareDatabase(configured.config, configured.database, configured.app.log, configured.clock());

      const promoted = await findUserByEmail(t.db, 'dean@uni.example');
      expect(promoted).toMatchObject({ id: student.id, role: 'admin' });
      expect(promoted!.emailVerifiedAt).not.toBeNull();
      // Start-up never overwrites an existing password; only the explicit CLI does.
      const cookie = await login(configured.app, { email: 'dean@uni.example', password });
      // An administrator now, who sets up a second factor before using it (second-factor.test.ts).
      expect((await request(configured.app, 'GET', apiPaths.session, { as: cookie })).json()).toMatchObject({
        account: { role: 'admin' },
        secondFactorStep: 'enrol',
      });
      expect(await t.db.select().from(users)).toHaveLength(1);
    });
  });
});

describe('the create-admin command', () => {
  const execFileAsync = promisify(execFile);
  const engine = testDatabaseEngine();

  /**
   * Runs the command the README documents (`npm run create-admin` is `tsx` on this file), as an
   * operator would, against a throwaway DATA_DIR. Node loads tsx itself: npx added a second
   * or more to every run on a busy machine, and an npm script would add npm's own start-up.
   */
  async function runCreateAdmin(args: string[], dataDir: string) {
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      // The postgres project points the command at this file's database; the pglite one at DATA_DIR.
      DATABASE_URL: engine === 'postgres' ? t.database.url : '',
      SMTP_URL: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      NODE_OPTIONS: '',
    };
    try {
      const { stdout, stderr } = await execFileAsync(
        process.execPath,
        ['--import', 'tsx', 'src/server/cli/create-admin.ts', ...args],
        { env, cwd: process.cwd() },
      );
      return { code: 0, stdout, stderr };
    } catch (err) {
      const failed = err as { code?: number; stdout: string; stderr: string };
      return { code: failed.code ?? -1, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  async function tempDataDir(): Promise<string> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-cli-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    return dir;
  }

  test('creates an admin who can then log in', { timeout: 60_000 }, async () => {
    const dataDir = await tempDataDir();
    // Migrated already, as the postgres project's database is: creating and migrating an embedded
    // database took most of this run. The command still runs its migrations, which find nothing to do.
    if (engine === 'pglite') await migratedEmbeddedDataDir(dataDir);

    const result = await runCreateAdmin(
      ['--email', 'Registrar@Uni.Example', '--name', 'The Registrar', '--password', 'registrar-pass-1'],
      dataDir,
    );

    expect(result).toMatchObject({ code: 0, stdout: 'Created registrar@uni.example\n' });
    if (engine === 'pglite') {
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      onTestFinished(() => database.close());
      const admin = await findUserByEmail(database.db, 'registrar@uni.example');
      expect(admin).toMatchObject({ name: 'The Registrar', role: 'admin' });
      expect(await verifyPassword(admin!.passwordHash, 'registrar-pass-1')).toBe(true);
    } else {
      const cookie = await login(t.app, { email: 'registrar@uni.example', password: 'registrar-pass-1' });
      expect(await getSessionAccount(t.app, cookie)).toMatchObject({ name: 'The Registrar', role: 'admin' });
    }
  });

  // Each way of refusing runs once as a process, for its exit code and what it prints: a password
  // refused by the argument reader, and a flag node's parser does not know (runCommand's usage
  // error). Every bad flag's message is the argument reader's, checked in this process.
  test('names each bad flag', async () => {
    await expect(readCreateAdminArguments(['--email', 'not-an-email', '--password', 'short'])).resolves.toEqual({
      kind: 'refused',
      problems: ['--email: Please enter a valid email address.', '--password: Password must be at least 8 characters.'],
    });
    await expect(readCreateAdminArguments(['--name', ' ', '--password', 'long-enough-password-1'])).resolves.toEqual({
      kind: 'refused',
      problems: ['--email: Email is required.', '--name: Name is required.'],
    });
  });

  test('refuses a common password, or one made of the address, as sign-up does', { timeout: 30_000 }, async () => {
    const dataDir = await tempDataDir();
    const common = await runCreateAdmin(['--email', 'dean@uni.example', '--password', 'password123'], dataDir);
    expect(common.code).toBe(2);
    expect(common.stderr).toContain(`--password: ${COMMON_PASSWORD_MESSAGE}`);
    expect(common.stderr).toContain('Usage: npm run create-admin');
    await expect(
      readCreateAdminArguments(['--email', 'dean@uni.example', '--password', 'dean@uni.example']),
    ).resolves.toEqual({ kind: 'refused', problems: [`--password: ${PERSONAL_PASSWORD_MESSAGE}`] });
  });

  test('refuses an unknown flag with exit code 2, naming it', { timeout: 30_000 }, async () => {
    const dataDir = await tempDataDir();

    const result = await runCreateAdmin(['--emial', 'dean@uni.example', '--password', 'long-enough-1'], dataDir);

    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--emial');
    expect(result.stderr).toContain('Usage: npm run create-admin');
  });
});
