import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../src/server/lib/clock';
import { MAX_SESSIONS_PER_ACCOUNT } from '../../src/server/services/accounts/sessions';
import {
  COMMON_PASSWORD_MESSAGE,
  PERSONAL_PASSWORD_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '../../src/shared/account';
import { type AccountSession } from '../../src/shared/account-lifecycle';
import { apiPaths } from '../../src/shared/api-paths';
import { WEAK_ADMIN_PASSWORD_MESSAGE, WEAK_PASSWORD_MESSAGE } from '../../src/shared/password-strength';
import { createTestApp, type TestApp } from '../helpers/app';
import { cookieHeader, getSessionAccount, loginAttempt, postLogin, postSignup } from '../helpers/auth';
import { createUserRecord, uniqueEmail } from '../helpers/factories';
import { readMails } from '../helpers/mail';
import { request } from '../helpers/requests';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ env: { SESSION_IDLE_TIMEOUT: '3d' } });
});
afterEach(() => t.close());

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signIn(email: string, password: string, userAgent: string, remoteAddress: string) {
  const response = await postLogin(t.app, { email, password }, { headers: { 'user-agent': userAgent }, remoteAddress });
  expect(response.statusCode).toBe(200);
  return cookieHeader(response);
}

async function listSessions(cookie: string): Promise<AccountSession[]> {
  const response = await request(t.app, 'GET', apiPaths.accountSessions, { as: cookie });
  expect(response.statusCode).toBe(200);
  return response.json().sessions;
}

describe('the list of sessions', () => {
  test('shows each browser, system, client address and times, and marks the current one', async () => {
    const { user, password } = await createUserRecord(t.db, { verified: true });
    const laptop = await signIn(user.email, password, FIREFOX_LINUX, '203.0.113.5');
    t.clock.advance(5 * MINUTE_MS);
    const phone = await signIn(user.email, password, SAFARI_IPHONE, '198.51.100.9');

    const listed = await listSessions(laptop);

    expect(listed).toHaveLength(2);
    const current = listed.find((session) => session.current)!;
    expect(current).toMatchObject({ browser: 'Firefox 128', system: 'Linux', clientAddress: '203.0.113.5' });
    const other = listed.find((session) => !session.current)!;
    expect(other).toMatchObject({ browser: 'Safari 17', system: 'iOS', clientAddress: '198.51.100.9' });
    expect(JSON.stringify(listed)).not.toContain(phone.split('=')[1]);
  });

  test('"Sign out" ends one other session; the current one cannot be ended there', async () => {
    const { user, password } = await createUserRecord(t.db, { verified: true });
    const laptop = await signIn(user.email, password, FIREFOX_LINUX, '203.0.113.5');
    const phone = await signIn(user.email, password, SAFARI_IPHONE, '198.51.100.9');
    const listed = await listSessions(laptop);
    const phoneId = listed.find((session) => !session.current)!.id;
    const laptopId = listed.find((session) => session.current)!.id;

    expect((await request(t.app, 'DELETE', apiPaths.accountSession(phoneId), { as: laptop })).statusCode).toBe(204);
    expect(await getSessionAccount(t.app, phone)).toBeNull();
    expect((await request(t.app, 'DELETE', apiPaths.accountSession(laptopId), { as: laptop })).statusCode).toBe(409);
    expect((await request(t.app, 'DELETE', apiPaths.accountSession(phoneId), { as: laptop })).statusCode).toBe(404);
  });

  test("nobody can end another account's session", async () => {
    const a = await createUserRecord(t.db, { verified: true });
    const b = await createUserRecord(t.db, { verified: true });
    const aCookie = await signIn(a.user.email, a.password, FIREFOX_LINUX, '203.0.113.5');
    const bCookie = await signIn(b.user.email, b.password, FIREFOX_LINUX, '203.0.113.6');
    const bId = (await listSessions(bCookie))[0]!.id;

    expect((await request(t.app, 'DELETE', apiPaths.accountSession(bId), { as: aCookie })).statusCode).toBe(404);
    expect(await getSessionAccount(t.app, bCookie)).not.toBeNull();
  });

  test('"Sign out of all other sessions" keeps only this one', async () => {
    const { user, password } = await createUserRecord(t.db, { verified: true });
    const laptop = await signIn(user.email, password, FIREFOX_LINUX, '203.0.113.5');
    const phone = await signIn(user.email, password, SAFARI_IPHONE, '198.51.100.9');
    const tablet = await signIn(user.email, password, SAFARI_IPHONE, '198.51.100.10');

    expect((await request(t.app, 'POST', apiPaths.signOutOtherSessions, { as: laptop })).statusCode).toBe(204);

    expect(await getSessionAccount(t.app, phone)).toBeNull();
    expect(await getSessionAccount(t.app, tablet)).toBeNull();
    expect(await listSessions(laptop)).toHaveLength(1);
  });
});

describe('session lifetime', () => {
  test('a session idle for the idle timeout ends; one in use stays, up to its 7 days', async () => {
    const { user, password } = await createUserRecord(t.db, { verified: true });
    const idle = await signIn(user.email, password, FIREFOX_LINUX, '203.0.113.5');
    const used = await signIn(user.email, password, FIREFOX_LINUX, '203.0.113.5');

    for (let day = 0; day < 6; day++) {
      t.clock.advance(DAY_MS);
      expect(await getSessionAccount(t.app, used)).not.toBeNull();
    }
    expect(await getSessionAccount(t.app, idle)).toBeNull();
    t.clock.advance(DAY_MS);
    expect(await getSessionAccount(t.app, used)).toBeNull();
  });

  test('"last active" is written at most once a minute', async () => {
    const { user, password } = await createUserRecord(t.db, { verified: true });
    const cookie = await signIn(user.email, password, FIREFOX_LINUX, '203.0.113.5');
    const lastActive = async () =>
      (await t.db.select().from(sessions).where(eq(sessions.userId, user.id)))[0]!.lastActiveAt.getTime();
    const signedIn = await lastActive();

    t.clock.advance(30_000);
    await getSessionAccount(t.app, cookie);
    expect(await lastActive()).toBe(signedIn);

    t.clock.advance(31_000);
    await getSessionAccount(t.app, cookie);
    expect(await lastActive()).toBe(t.clock().getTime());
  });

  test(`an account keeps at most ${MAX_SESSIONS_PER_ACCOUNT} sessions; the oldest goes`, async () => {
    const { user, password } = await createUserRecord(t.db, { verified: true });
    const first = await signIn(user.email, password, FIREFOX_LINUX, '203.0.113.5');
    t.clock.advance(1000);
    const second = await signIn(user.email, password, FIREFOX_LINUX, '203.0.113.5');
    for (let i = 2; i < MAX_SESSIONS_PER_ACCOUNT + 1; i++) {
      t.clock.advance(1000);
      await signIn(user.email, password, FIREFOX_LINUX, '203.0.113.5');
    }

    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(
      MAX_SESSIONS_PER_ACCOUNT,
    );
    expect(await getSessionAccount(t.app, first)).toBeNull();
    expect(await getSessionAccount(t.app, second)).not.toBeNull();
  });
});

describe('password rules', () => {
  test('sign-up refuses one of the most common passwords, and the email or name as password', async () => {
    const common = await postSignup(t.app, { name: 'Ada', email: uniqueEmail(), password: 'password123' });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields).toEqual([{ path: 'password', message: COMMON_PASSWORD_MESSAGE }]);

    const email = uniqueEmail();
    const asEmail = await postSignup(t.app, { name: 'Ada', email, password: email });
    expect(asEmail.json().error.fields).toEqual([{ path: 'password', message: PERSONAL_PASSWORD_MESSAGE }]);
    const asName = await postSignup(t.app, { name: 'Grace Hopper', email: uniqueEmail(), password: 'gracehopper1' });
    expect(asName.json().error.fields).toEqual([{ path: 'password', message: PERSONAL_PASSWORD_MESSAGE }]);
  });

  test('a password too easy to guess is refused (zxcvbn-ts score under 2), however long', async () => {
    for (const password of ['aaaaaaaa', 'zzzzzzzzzzzz', 'tigers1987']) {
      const weak = await postSignup(t.app, { name: 'Ada', email: uniqueEmail(), password });
      expect(weak.statusCode, password).toBe(400);
      expect(weak.json().error.fields).toEqual([{ path: 'password', message: WEAK_PASSWORD_MESSAGE }]);
    }
    expect((await postSignup(t.app, { name: 'Ada', email: uniqueEmail(), password: 'greenapple22' })).statusCode).toBe(
      201,
    );
  });

  test("an administrator's new password must be harder to guess (score 3) than a student's (score 2)", async () => {
    const fair = 'greenapple22';
    const change = async (role: 'student' | 'admin') => {
      const { user, password } = await createUserRecord(t.db, { verified: true, role });
      const cookie = await signIn(user.email, password, FIREFOX_LINUX, '203.0.113.5');
      return request(t.app, 'POST', apiPaths.accountPassword, {
        as: cookie,
        payload: { currentPassword: password, newPassword: fair },
      });
    };
    expect((await change('student')).statusCode).toBe(204);
    const admin = await change('admin');
    expect(admin.statusCode).toBe(400);
    expect(admin.json().error.fields).toEqual([{ path: 'newPassword', message: WEAK_ADMIN_PASSWORD_MESSAGE }]);
  });

  test('changing the password follows the same rules', async () => {
    const { user, password } = await createUserRecord(t.db, { verified: true });
    const cookie = await signIn(user.email, password, FIREFOX_LINUX, '203.0.113.5');
    const response = await request(t.app, 'POST', apiPaths.accountPassword, {
      as: cookie,
      payload: { currentPassword: password, newPassword: 'iloveyou' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([{ path: 'newPassword', message: COMMON_PASSWORD_MESSAGE }]);
  });

  test('wrong current passwords are throttled like logins', async () => {
    await t.close();
    t = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '3/15m' } });
    const { user, password } = await createUserRecord(t.db, { verified: true });
    const cookie = await signIn(user.email, password, FIREFOX_LINUX, '203.0.113.5');
    const attempt = (currentPassword: string) =>
      request(t.app, 'POST', apiPaths.accountPassword, {
        as: cookie,
        payload: { currentPassword, newPassword: 'a brand new passphrase' },
      });

    for (let i = 0; i < 3; i++) {
      const wrong = await attempt(`guess number ${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.fields[0].message).toBe(WRONG_CURRENT_PASSWORD_MESSAGE);
    }
    expect((await attempt('guess number 4')).statusCode).toBe(429);
    expect((await attempt(password)).statusCode).toBe(429);
  });
});

describe('changing the email address', () => {
  async function signedIn() {
    const record = await createUserRecord(t.db, { verified: true });
    const cookie = await signIn(record.user.email, record.password, FIREFOX_LINUX, '203.0.113.5');
    return { ...record, cookie };
  }

  const changeEmail = (cookie: string, newEmail: string, currentPassword: string) =>
    request(t.app, 'POST', apiPaths.accountEmail, { as: cookie, payload: { newEmail, currentPassword } });

  const confirm = (token: string) => request(t.app, 'POST', apiPaths.confirmEmailChange, { payload: { token } });

  async function tokenMailedTo(email: string): Promise<string> {
    const mail = (await readMails(t.outboxDir)).filter((m) => m.to === email).at(-1)!;
    const link = /https?:\/\/\S+\/confirm-email\?token=\S+/.exec(mail.text)![0];
    return new URL(link).searchParams.get('token')!;
  }

  test('needs the current password; the address changes only once the link to the new one is opened', async () => {
    const { user, password, cookie } = await signedIn();
    const newEmail = uniqueEmail('moved');

    const wrong = await changeEmail(cookie, newEmail, 'not my password');
    expect(wrong.statusCode).toBe(400);

    const asked = await changeEmail(cookie, newEmail, password);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ pendingEmail: newEmail });
    expect(await getSessionAccount(t.app, cookie)).toMatchObject({ email: user.email });
    const notice = (await readMails(t.outboxDir)).filter((m) => m.to === user.email).at(-1)!;
    expect(notice.text).toContain(newEmail);

    const confirmed = await confirm(await tokenMailedTo(newEmail));
    expect(confirmed.statusCode).toBe(200);
    // A new address is a new way in: the sessions opened before end (the credential epoch moved).
    expect(await getSessionAccount(t.app, cookie)).toBeNull();
    expect((await loginAttempt(t.app, { email: newEmail, password })).status).toBe(200);
    const [stored] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stored).toMatchObject({ email: newEmail });
    expect(stored!.emailVerifiedAt).not.toBeNull();
    expect((await loginAttempt(t.app, { email: user.email, password })).status).toBe(401);
  });

  test("an address with a verified account gets no link, only word that it has an account; an unverified sign-up's gives way", async () => {
    const { password, cookie, user } = await signedIn();
    const { user: other } = await createUserRecord(t.db, { verified: true });
    const taken = await changeEmail(cookie, other.email, password);
    expect(taken.statusCode).toBe(202);
    expect(taken.json()).toEqual({ pendingEmail: other.email });
    const told = (await readMails(t.outboxDir)).filter((m) => m.to === other.email).at(-1)!;
    expect(told.text).toContain('This address already has an account, so nothing was changed.');
    expect(told.text).not.toMatch(/confirm-email\?token=/);

    const squatted = uniqueEmail('squatted');
    await postSignup(t.app, { name: 'Squatter', email: squatted, password: 'squatter chose this one' });
    expect((await changeEmail(cookie, squatted, password)).statusCode).toBe(202);
    expect((await confirm(await tokenMailedTo(squatted))).statusCode).toBe(200);

    const holders = await t.db.select().from(users).where(eq(users.email, squatted));
    expect(holders.map((row) => row.id)).toEqual([user.id]);
  });

  test('the link works once and not after 24 hours', async () => {
    const { password, cookie } = await signedIn();
    const first = uniqueEmail('first');
    await changeEmail(cookie, first, password);
    const token = await tokenMailedTo(first);
    t.clock.advance(24 * HOUR_MS + 1000);
    expect((await confirm(token)).statusCode).toBe(410);

    const second = uniqueEmail('second');
    await changeEmail(cookie, second, password);
    const secondToken = await tokenMailedTo(second);
    expect((await confirm(secondToken)).statusCode).toBe(200);
    expect((await confirm(secondToken)).statusCode).toBe(410);
  });
});
