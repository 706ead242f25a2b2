import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '../../src/shared/account';
import { apiPaths } from '../../src/shared/api-paths';
import { type Actor, callAs, signedInAdmin, signedInStudent, sessionCookieFor } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { getSessionAccount, login, loginAttempt } from '../helpers/auth';
import { createUserRecord, DEFAULT_TEST_PASSWORD } from '../helpers/factories';

let t: TestApp;
let student: Actor;
beforeEach(async () => {
  t = await createTestApp();
  student = await signedInStudent(t, 'Sam Student');
});
afterEach(() => t.close());

describe('Edit Profile', () => {
  test('changes the name and phone and answers the account as the session reports it', async () => {
    const response = await callAs(t, student, 'PATCH', apiPaths.account, {
      name: '  Samuel Student ',
      phone: ' +44 (0)20 7946-0958 ',
    });

    expect(response.statusCode).toBe(200);
    const expected = {
      id: student.user.id,
      name: 'Samuel Student',
      email: student.user.email,
      phone: '+44 (0)20 7946-0958',
      emailVerified: true,
      role: 'student',
      passwordChangeRequired: false,
      theme: 'system',
      language: null,
    };
    expect(response.json()).toEqual({ account: expected });
    expect(await getSessionAccount(t.app, student.cookie)).toEqual(expected);
  });

  test('null or an empty phone clears it; leaving it out keeps it', async () => {
    await callAs(t, student, 'PATCH', apiPaths.account, { phone: '555-0100' });
    expect((await callAs(t, student, 'PATCH', apiPaths.account, { name: 'Sam S.' })).json().account).toMatchObject({
      name: 'Sam S.',
      phone: '555-0100',
    });
    expect((await callAs(t, student, 'PATCH', apiPaths.account, { phone: null })).json().account.phone).toBeNull();
    await callAs(t, student, 'PATCH', apiPaths.account, { phone: '555-0100' });
    expect((await callAs(t, student, 'PATCH', apiPaths.account, { phone: '' })).json().account.phone).toBeNull();
  });

  test('a malformed phone number or an empty name is refused and nothing changes', async () => {
    for (const payload of [{ phone: 'call me maybe' }, { phone: '12' }, { phone: '1'.repeat(31) }, { name: '   ' }]) {
      const response = await callAs(t, student, 'PATCH', apiPaths.account, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('validation_error');
    }
    expect((await callAs(t, student, 'PATCH', apiPaths.account, { phone: 'call me maybe' })).json().error.message).toBe(
      'Please enter a valid phone number.',
    );
    const [stored] = await t.db.select().from(users).where(eq(users.id, student.user.id));
    expect(stored).toMatchObject({ name: 'Sam Student', phone: null });
  });

  test('nobody changes their address through Edit Profile, administrators neither: a body naming it is refused', async () => {
    const admin = await signedInAdmin(t, 'Dana Dean');
    for (const actor of [student, admin]) {
      const response = await callAs(t, actor, 'PATCH', apiPaths.account, {
        email: 'new.address@uni.example',
        name: 'Changed',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_error');
      const [stored] = await t.db.select().from(users).where(eq(users.id, actor.user.id));
      expect(stored).toMatchObject({ email: actor.user.email, name: actor.user.name });
    }
    expect(
      (await loginAttempt(t.app, { email: 'new.address@uni.example', password: DEFAULT_TEST_PASSWORD })).status,
    ).toBe(401);
  });

  test('an unverified account may edit its profile; an anonymous visitor may not', async () => {
    const { user } = await createUserRecord(t.db, { name: 'Una Verified' });
    const cookie = await sessionCookieFor(t, user.id);
    const response = await callAs(t, { user, cookie }, 'PATCH', apiPaths.account, { name: 'Una V.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().account).toMatchObject({ name: 'Una V.', emailVerified: false });

    const anonymous = await callAs(t, undefined, 'PATCH', apiPaths.account, { name: 'Nobody' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthenticated');
  });
});

describe('Update Password', () => {
  const NEW_PASSWORD = 'a much better passphrase';

  test('a wrong current password is refused and nothing changes', async () => {
    const response = await callAs(t, student, 'POST', apiPaths.accountPassword, {
      currentPassword: 'not my password',
      newPassword: NEW_PASSWORD,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'validation_error',
      message: WRONG_CURRENT_PASSWORD_MESSAGE,
      fields: [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD_MESSAGE }],
    });
    expect(await getSessionAccount(t.app, student.cookie)).not.toBeNull();
    expect((await loginAttempt(t.app, { email: student.user.email, password: DEFAULT_TEST_PASSWORD })).status).toBe(
      200,
    );
    expect((await loginAttempt(t.app, { email: student.user.email, password: NEW_PASSWORD })).status).toBe(401);
  });

  test('replaces the password and ends every other session; this one continues', async () => {
    const laptop = await login(t.app, { email: student.user.email, password: DEFAULT_TEST_PASSWORD });
    const other = await signedInStudent(t, 'Olga Other');

    const response = await callAs(t, student, 'POST', apiPaths.accountPassword, {
      currentPassword: DEFAULT_TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });

    expect(response.statusCode).toBe(204);
    expect(await getSessionAccount(t.app, student.cookie)).toMatchObject({ id: student.user.id });
    expect(await getSessionAccount(t.app, laptop)).toBeNull();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, student.user.id))).toHaveLength(1);
    // Nobody else is signed out.
    expect(await getSessionAccount(t.app, other.cookie)).toMatchObject({ id: other.user.id });

    expect((await loginAttempt(t.app, { email: student.user.email, password: NEW_PASSWORD })).status).toBe(200);
    expect((await loginAttempt(t.app, { email: student.user.email, password: DEFAULT_TEST_PASSWORD })).status).toBe(
      401,
    );
    const [stored] = await t.db.select().from(users).where(eq(users.id, student.user.id));
    expect(stored!.passwordHash).not.toContain(NEW_PASSWORD);
  });

  test('the new password must be long enough; an anonymous visitor cannot change any', async () => {
    const short = await callAs(t, student, 'POST', apiPaths.accountPassword, {
      currentPassword: DEFAULT_TEST_PASSWORD,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toEqual({
      code: 'validation_error',
      message: 'Password must be at least 8 characters.',
      fields: [{ path: 'newPassword', message: 'Password must be at least 8 characters.' }],
    });

    const anonymous = await callAs(t, undefined, 'POST', apiPaths.accountPassword, {
      currentPassword: DEFAULT_TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await loginAttempt(t.app, { email: student.user.email, password: DEFAULT_TEST_PASSWORD })).status).toBe(
      200,
    );
  });

  test('of two changes made at once with the same current password, only one succeeds', async () => {
    const laptop = {
      user: student.user,
      cookie: await login(t.app, { email: student.user.email, password: DEFAULT_TEST_PASSWORD }),
    };

    const responses = await Promise.all([
      callAs(t, student, 'POST', apiPaths.accountPassword, {
        currentPassword: DEFAULT_TEST_PASSWORD,
        newPassword: 'first new password',
      }),
      callAs(t, laptop, 'POST', apiPaths.accountPassword, {
        currentPassword: DEFAULT_TEST_PASSWORD,
        newPassword: 'second new password',
      }),
    ]);

    const statuses = responses.map((response) => response.statusCode).sort();
    // The loser is told its password is no longer current, or finds its session already ended.
    expect(statuses[0]).toBe(204);
    expect([400, 401]).toContain(statuses[1]);
    const logins = [
      (await loginAttempt(t.app, { email: student.user.email, password: 'first new password' })).status,
      (await loginAttempt(t.app, { email: student.user.email, password: 'second new password' })).status,
    ];
    expect(logins.sort()).toEqual([200, 401]);
  });
});
