import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { users } from '../../src/server/db/schema';
import { DEFAULT_ADMIN_EMAIL } from '../../src/server/services/accounts/ensure-admin';
import { INITIAL_ADMIN_FILE, prepareDatabase } from '../../src/server/startup';
import type { CreateUserResponse } from '../../src/shared/users';
import { apiPaths } from '../../src/shared/api-paths';
import { callAs, signedInAdmin } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { getSessionAccount, login } from '../helpers/auth';
import { request } from '../helpers/requests';

// A password someone else has seen (printed at first start, shown to an administrator by Add
// User) works once: the holder must choose their own before the account can do anything else.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const CHOSEN = 'a password only I know';
const refusal = {
  code: 'password_change_required',
  message: 'Please choose a new password to continue.',
};

async function addUserWithOneTimePassword(): Promise<{ email: string; oneTimePassword: string }> {
  const admin = await signedInAdmin(t, 'Dana Dean');
  const email = 'nia.new@uni.example';
  const response = await callAs(t, admin, 'POST', apiPaths.adminUsers, {
    name: 'Nia New',
    email,
    role: 'student',
    delivery: 'password',
  });
  expect(response.statusCode).toBe(201);
  return { email, oneTimePassword: response.json<CreateUserResponse>().oneTimePassword! };
}

describe("Add User's one-time password", () => {
  test('signs in to a session that reaches only the session answer, logout and the password change', async () => {
    const { email, oneTimePassword } = await addUserWithOneTimePassword();
    const cookie = await login(t.app, { email, password: oneTimePassword });

    expect(await getSessionAccount(t.app, cookie)).toMatchObject({ email, passwordChangeRequired: true });
    for (const [method, url, payload] of [
      ['GET', apiPaths.tutors, undefined],
      ['GET', apiPaths.notifications, undefined],
      ['PATCH', apiPaths.account, { name: 'Someone Else' }],
      ['POST', apiPaths.resendVerification, undefined],
    ] as const) {
      const response = await request(t.app, method, url, { as: cookie, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json(), `${method} ${url}`).toEqual({ error: refusal });
    }

    const changed = await request(t.app, 'POST', apiPaths.accountPassword, {
      as: cookie,
      payload: { currentPassword: oneTimePassword, newPassword: CHOSEN },
    });
    expect(changed.statusCode).toBe(204);

    expect(await getSessionAccount(t.app, cookie)).toMatchObject({ email, passwordChangeRequired: false });
    expect((await request(t.app, 'GET', apiPaths.tutors, { as: cookie })).statusCode).toBe(200);
    // The one-time password is spent; the chosen one signs in.
    expect(
      (await request(t.app, 'POST', apiPaths.login, { payload: { email, password: oneTimePassword } })).statusCode,
    ).toBe(401);
    expect(await getSessionAccount(t.app, await login(t.app, { email, password: CHOSEN }))).toMatchObject({
      passwordChangeRequired: false,
    });
  });

  test('logging out still works, and the requirement outlives the session', async () => {
    const { email, oneTimePassword } = await addUserWithOneTimePassword();
    const cookie = await login(t.app, { email, password: oneTimePassword });

    expect((await request(t.app, 'POST', apiPaths.logout, { as: cookie })).statusCode).toBe(204);

    const again = await login(t.app, { email, password: oneTimePassword });
    expect((await request(t.app, 'GET', apiPaths.tutors, { as: again })).json()).toEqual({ error: refusal });
  });

  test('the new password must differ from the one-time password', async () => {
    const { email, oneTimePassword } = await addUserWithOneTimePassword();
    const cookie = await login(t.app, { email, password: oneTimePassword });

    const response = await request(t.app, 'POST', apiPaths.accountPassword, {
      as: cookie,
      payload: { currentPassword: oneTimePassword, newPassword: oneTimePassword },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      { path: 'newPassword', message: 'Choose a password different from the one you were given.' },
    ]);
    expect(await getSessionAccount(t.app, cookie)).toMatchObject({ passwordChangeRequired: true });
  });

  test('an ordinary account is never asked', async () => {
    const admin = await signedInAdmin(t);
    expect(await getSessionAccount(t.app, admin.cookie)).toMatchObject({ passwordChangeRequired: false });
    expect((await callAs(t, admin, 'GET', apiPaths.adminUsers)).statusCode).toBe(200);
  });
});

describe('the generated first admin', () => {
  test('must choose a password, and initial-admin.txt goes once it has', async () => {
    await prepareDatabase(t.config, t.database, t.app.log, t.clock());
    const file = path.join(t.dataDir, INITIAL_ADMIN_FILE);
    const password = /^password: (\S+)$/m.exec(await readFile(file, 'utf8'))![1]!;
    const cookie = await login(t.app, { email: DEFAULT_ADMIN_EMAIL, password });

    expect(await getSessionAccount(t.app, cookie)).toMatchObject({ role: 'admin', passwordChangeRequired: true });
    expect((await request(t.app, 'GET', apiPaths.adminUsers, { as: cookie })).json()).toEqual({ error: refusal });

    const changed = await request(t.app, 'POST', apiPaths.accountPassword, {
      as: cookie,
      payload: { currentPassword: password, newPassword: CHOSEN },
    });
    expect(changed.statusCode).toBe(204);

    await expect(stat(file)).rejects.toThrow(/ENOENT/);
    // Next, a second factor (second-factor.test.ts follows the first administrator on).
    expect((await request(t.app, 'GET', apiPaths.adminUsers, { as: cookie })).json().error.code).toBe(
      'second_factor_enrolment_required',
    );
  });

  test('a start after the password was chosen elsewhere removes a file left behind', async () => {
    await prepareDatabase(t.config, t.database, t.app.log, t.clock());
    const file = path.join(t.dataDir, INITIAL_ADMIN_FILE);
    const password = /^password: (\S+)$/m.exec(await readFile(file, 'utf8'))![1]!;
    await prepareDatabase(t.config, t.database, t.app.log, t.clock());
    expect((await stat(file)).isFile()).toBe(true);

    // A second instance on a data folder of its own answered the change.
    const other = await createTestApp({ database: t.database, clock: t.clock });
    const cookie = await login(other.app, { email: DEFAULT_ADMIN_EMAIL, password });
    await request(other.app, 'POST', apiPaths.accountPassword, {
      as: cookie,
      payload: { currentPassword: password, newPassword: CHOSEN },
    });
    await other.close();
    expect((await stat(file)).isFile()).toBe(true);

    await prepareDatabase(t.config, t.database, t.app.log, t.clock());
    await expect(stat(file)).rejects.toThrow(/ENOENT/);
  });

  test('an install from before the requirement: a file whose password still works makes the admin choose one', async () => {
    await prepareDatabase(t.config, t.database, t.app.log, t.clock());
    const password = /^password: (\S+)$/m.exec(await readFile(path.join(t.dataDir, INITIAL_ADMIN_FILE), 'utf8'))![1]!;
    await t.db.update(users).set({ passwordChangeRequired: false });

    await prepareDatabase(t.config, t.database, t.app.log, t.clock());

    const cookie = await login(t.app, { email: DEFAULT_ADMIN_EMAIL, password });
    expect(await getSessionAccount(t.app, cookie)).toMatchObject({ passwordChangeRequired: true });
    expect((await stat(path.join(t.dataDir, INITIAL_ADMIN_FILE))).isFile()).toBe(true);
  });
});
