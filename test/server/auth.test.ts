import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, onTestFinished, test } from 'vitest';
import { users } from '../../src/server/db/schema';
import { SESSION_COOKIE } from '../../src/server/plugins/auth';
import { toAccount } from '../../src/server/services/accounts/users';
import { DAY_MS } from '../../src/server/lib/clock';
import { apiPaths } from '../../src/shared/api-paths';
import { createTestApp, type TestApp } from '../helpers/app';
import { getSessionAccount, login, postLogin, postSignup, signUp } from '../helpers/auth';
import { createUserRecord, DEFAULT_TEST_PASSWORD } from '../helpers/factories';
import { readLatestMail, readMails, verificationParams } from '../helpers/mail';
import { request } from '../helpers/requests';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('sign up', () => {
  test('creates an unverified student account and mails a verification link', async () => {
    const password = 'a-long-enough-password';
    const response = await postSignup(t.app, { name: 'Ada Lovelace', email: 'Ada@Uni.Example', password });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ email: 'ada@uni.example' });
    const [user] = await t.db.select().from(users).where(eq(users.email, 'ada@uni.example'));
    const account = toAccount(user!);
    expect(account).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Ada Lovelace',
      email: 'ada@uni.example',
      phone: null,
      emailVerified: false,
      role: 'student',
      passwordChangeRequired: false,
      theme: 'system',
      language: 'en',
    });
    expect(response.body).not.toContain(password);
    expect(response.body).not.toMatch(/passwordHash|password_hash|argon2/);

    const mail = await readLatestMail(t.outboxDir);
    expect(mail.to).toBe('ada@uni.example');
    expect(mail.subject).toBe('Verify your email for Tutorly');
    const link = new URL(mail.link!);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.publicUrl}/verify`);
    expect(verificationParams(mail.link!)).toEqual({
      userId: account.id,
      secret: expect.stringMatching(/^[\w-]{40,}$/),
    });
    expect(mail.text).not.toContain(password);
  });

  test('an email that is already registered, whatever its case, changes nothing and its owner is told by mail', async () => {
    await createUserRecord(t.db, { email: 'grace@uni.example', name: 'Ada Lovelace', verified: true });

    const response = await postSignup(t.app, {
      name: 'Someone Else',
      email: 'GRACE@Uni.Example',
      password: DEFAULT_TEST_PASSWORD,
    });

    // Answered like a new address (see account-enumeration.test.ts), with no session.
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ email: 'grace@uni.example' });
    expect(response.cookies).toHaveLength(0);
    const rows = await t.db.select().from(users).where(eq(users.email, 'grace@uni.example'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe('Ada Lovelace');
    expect(await readLatestMail(t.outboxDir)).toMatchObject({
      to: 'grace@uni.example',
      subject: 'Sign-up attempt with your email on Tutorly',
      link: undefined,
    });
  });

  test('refuses a password shorter than 8 characters with the catalogue message', async () => {
    const response = await postSignup(t.app, { name: 'Ada', email: 'short@uni.example', password: 'seven77' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'validation_error',
        message: 'Password must be at least 8 characters.',
        fields: [{ path: 'password', message: 'Password must be at least 8 characters.' }],
      },
    });
    expect(await t.db.select().from(users)).toHaveLength(0);
  });

  test.each([
    ['the name', { email: 'x@uni.example', password: DEFAULT_TEST_PASSWORD }, 'name', 'Name is required.'],
    ['the email', { name: 'Ada', password: DEFAULT_TEST_PASSWORD }, 'email', 'Email is required.'],
    ['the password', { name: 'Ada', email: 'x@uni.example' }, 'password', 'Password is required.'],
  ])('refuses a sign-up without %s', async (_, payload, path, message) => {
    const response = await postSignup(t.app, payload);

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({ code: 'validation_error', message, fields: [{ path, message }] });
  });

  test('refuses a sign-up with no body at all', async () => {
    const response = await request(t.app, 'POST', apiPaths.signup);

    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_error');
  });

  test('refuses an invalid email address', async () => {
    const response = await postSignup(t.app, { name: 'Ada', email: 'not-an-email', password: DEFAULT_TEST_PASSWORD });

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'validation_error',
      message: 'Please enter a valid email address.',
      fields: [{ path: 'email', message: 'Please enter a valid email address.' }],
    });
  });
});

describe('login', () => {
  test('sets an HttpOnly, SameSite=Lax session cookie that lasts seven days', async () => {
    const { user, password } = await createUserRecord(t.db, { email: 'lin@uni.example', verified: true });

    const response = await postLogin(t.app, { email: 'LIN@uni.example', password });

    expect(response.statusCode).toBe(200);
    expect(response.json().account).toMatchObject({
      id: user.id,
      email: 'lin@uni.example',
      emailVerified: true,
      role: 'student',
    });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.secure).toBeFalsy();
    expect(cookie!.value.length).toBeGreaterThanOrEqual(40);
    expect(cookie!.expires!.getTime()).toBe(t.clock().getTime() + 7 * DAY_MS);
    expect(response.body).not.toContain(password);
  });

  test('over HTTPS names the cookie __Host-tutorly_session (Secure, Path=/, no Domain) and reads no other', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://tutors.uni.example' } });
    onTestFinished(() => https.close());
    const { user, password } = await createUserRecord(https.db);

    const response = await postLogin(https.app, { email: user.email, password });

    // Beside the session, the device cookie that keeps the account's failed-login ceiling off this browser.
    expect(response.cookies.map((c) => c.name)).toEqual(['__Host-tutorly_session', '__Host-tutorly_device']);
    const cookie = response.cookies[0]!;
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(cookie.domain).toBeUndefined();
    expect(await getSessionAccount(https.app, `__Host-tutorly_session=${cookie.value}`)).toMatchObject({ id: user.id });
    // A sibling subdomain can set a cookie of the plain name for the whole site, never one with the prefix.
    expect(await getSessionAccount(https.app, `tutorly_session=${cookie.value}`)).toBeNull();
    const logout = await request(https.app, 'POST', apiPaths.logout, { as: `__Host-tutorly_session=${cookie.value}` });
    expect(logout.cookies.map((c) => [c.name, c.value, c.secure, c.path])).toEqual([
      ['__Host-tutorly_session', '', true, '/'],
    ]);
  });

  test('over plain HTTP keeps the name tutorly_session and reads no other', async () => {
    const { user, password } = await createUserRecord(t.db);

    const response = await postLogin(t.app, { email: user.email, password });

    expect(response.cookies.map((c) => c.name)).toEqual(['tutorly_session', 'tutorly_device']);
    const token = response.cookies[0]!.value;
    expect(await getSessionAccount(t.app, `tutorly_session=${token}`)).toMatchObject({ id: user.id });
    expect(await getSessionAccount(t.app, `__Host-tutorly_session=${token}`)).toBeNull();
  });

  test('marks the cookie Secure when a trusted proxy says the request came over HTTPS', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    onTestFinished(() => proxied.close());
    const { user, password } = await createUserRecord(proxied.db);

    const response = await postLogin(
      proxied.app,
      { email: user.email, password },
      { headers: { 'x-forwarded-proto': 'https' } },
    );

    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toMatchObject({ secure: true });
  });

  test('answers a wrong password and an unknown email identically', async () => {
    const { user } = await createUserRecord(t.db);

    const wrongPassword = await postLogin(t.app, { email: user.email, password: 'not the password' });
    const unknownEmail = await postLogin(t.app, { email: 'nobody@uni.example', password: 'not the password' });

    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.cookies).toHaveLength(0);
    }
    expect(wrongPassword.json()).toEqual({
      error: { code: 'invalid_credentials', message: 'Invalid email or password.' },
    });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  test('refuses a disabled account', async () => {
    const { user, password } = await createUserRecord(t.db, { disabled: true });

    const response = await postLogin(t.app, { email: user.email, password });

    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('account_disabled');
  });
});

describe('session', () => {
  test('is null without a cookie and the account with one', async () => {
    const { user, password } = await createUserRecord(t.db, { name: 'Lin Chen' });

    expect(await getSessionAccount(t.app)).toBeNull();
    const cookie = await login(t.app, { email: user.email, password });
    expect(await getSessionAccount(t.app, cookie)).toEqual({
      id: user.id,
      name: 'Lin Chen',
      email: user.email,
      phone: null,
      emailVerified: false,
      role: 'student',
      passwordChangeRequired: false,
      theme: 'system',
      language: null,
    });
  });

  test('is never cached by the browser', async () => {
    const response = await request(t.app, 'GET', apiPaths.session);

    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('an unknown cookie is anonymous and gets cleared', async () => {
    const response = await request(t.app, 'GET', apiPaths.session, { as: `${SESSION_COOKIE}=forged-token` });

    expect(response.json()).toEqual({ account: null, secondFactorStep: null });
    const cleared = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
  });

  test('lasts seven days by the clock and not a second longer', async () => {
    const { user, password } = await createUserRecord(t.db);
    const cookie = await login(t.app, { email: user.email, password });

    // Used every other day, so the idle timeout (SESSION_IDLE_TIMEOUT, 3 days) never ends it first.
    for (let day = 2; day < 7; day += 2) {
      t.clock.advance(2 * DAY_MS);
      expect(await getSessionAccount(t.app, cookie)).toMatchObject({ id: user.id });
    }
    t.clock.advance(DAY_MS - 60_000);
    expect(await getSessionAccount(t.app, cookie)).toMatchObject({ id: user.id });

    t.clock.advance(60_000 + 1_000);
    expect(await getSessionAccount(t.app, cookie)).toBeNull();
  });
});

describe('logout', () => {
  test('revokes the session on the server, so a replayed cookie no longer works', async () => {
    const { user, password } = await createUserRecord(t.db);
    const cookie = await login(t.app, { email: user.email, password });

    const response = await request(t.app, 'POST', apiPaths.logout, { as: cookie });

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cleared = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe('');
    expect(cleared!.expires!.getTime()).toBeLessThanOrEqual(Date.now());

    // A copy of the old cookie kept by an attacker or another tab is dead too.
    expect(await getSessionAccount(t.app, cookie)).toBeNull();
    const resend = await request(t.app, 'POST', apiPaths.resendVerification, { as: cookie });
    expect(resend.statusCode).toBe(401);
  });

  test('ends only the session it was sent with', async () => {
    const { user, password } = await createUserRecord(t.db);
    const laptop = await login(t.app, { email: user.email, password });
    const phone = await login(t.app, { email: user.email, password });

    await request(t.app, 'POST', apiPaths.logout, { as: laptop });

    expect(await getSessionAccount(t.app, laptop)).toBeNull();
    expect(await getSessionAccount(t.app, phone)).toMatchObject({ id: user.id });
  });

  test('is harmless when anonymous', async () => {
    const response = await request(t.app, 'POST', apiPaths.logout);

    expect(response.statusCode).toBe(204);
  });
});

describe('sign up then log in', () => {
  test('the new account can log in straight away, still unverified', async () => {
    const signed = await signUp(t.app);

    const cookie = await login(t.app, { email: signed.email, password: signed.password });

    expect(await getSessionAccount(t.app, cookie)).toMatchObject({ id: signed.account.id, emailVerified: false });
    expect(await readMails(t.outboxDir)).toHaveLength(1);
    expect(verificationParams((await readLatestMail(t.outboxDir)).link!).userId).toBe(signed.account.id);
  });
});
