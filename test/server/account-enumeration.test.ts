import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { users } from '../../src/server/db/schema';
import { updateSettings } from '../../src/server/services/settings';
import { apiPaths } from '../../src/shared/api-paths';
import { createTestApp, type TestApp } from '../helpers/app';
import { login, postLogin, postSignup } from '../helpers/auth';
import { createUserRecord, DEFAULT_TEST_PASSWORD, uniqueEmail } from '../helpers/factories';
import { readMails, verificationParams } from '../helpers/mail';
import { request } from '../helpers/requests';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** Everything a client sees of an answer, but for the two headers that differ on every request. */
function answerOf(response: LightMyRequestResponse) {
  const { date: _date, 'x-request-id': _requestId, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.body };
}

async function median(runs: number, measure: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await measure();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

describe('sign-up', () => {
  test('answers a taken address byte for byte like a new one', async () => {
    const attempt = { name: 'Grace Hopper', email: 'grace@uni.example', password: DEFAULT_TEST_PASSWORD };

    const fresh = await postSignup(t.app, attempt);
    const taken = await postSignup(t.app, attempt);

    expect(fresh.statusCode).toBe(201);
    expect(answerOf(taken)).toEqual(answerOf(fresh));
    expect(fresh.body).toBe('{"email":"grace@uni.example"}');
    expect(fresh.headers).not.toHaveProperty('set-cookie');
  });

  test('a taken address gets a notice instead of an account: nothing changes, and only its owner hears of it', async () => {
    const { user: owner, password } = await createUserRecord(t.db, {
      name: 'Grace Hopper',
      email: 'grace@uni.example',
      verified: true,
    });

    const response = await postSignup(t.app, {
      name: 'Mallory',
      email: 'Grace@Uni.Example',
      password: 'a-password-of-mallory',
    });

    expect(response.statusCode).toBe(201);
    const rows = await t.db.select().from(users).where(eq(users.email, 'grace@uni.example'));
    expect(rows).toEqual([owner]);
    // The owner's password still works; the attempt's does not.
    await login(t.app, { email: owner.email, password });
    expect((await postLogin(t.app, { email: owner.email, password: 'a-password-of-mallory' })).statusCode).toBe(401);

    const mails = await readMails(t.outboxDir);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'grace@uni.example',
      subject: 'Sign-up attempt with your email on Tutorly',
      link: undefined,
    });
    expect(mails[0]!.text).toMatch(/^Hello,$/m);
    expect(mails[0]!.text).toContain('Someone just tried to sign up for Tutorly with this email address.');
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/login`);
    expect(mails[0]!.text).not.toContain('Mallory');
  });

  test('a new address still gets its account and verification link', async () => {
    await postSignup(t.app, { name: 'Ada Lovelace', email: 'ada@uni.example', password: DEFAULT_TEST_PASSWORD });

    const [created] = await t.db.select().from(users).where(eq(users.email, 'ada@uni.example'));
    const [mail] = await readMails(t.outboxDir);
    expect(mail).toMatchObject({ to: 'ada@uni.example', subject: 'Verify your email for Tutorly' });
    expect(verificationParams(mail!.link!).userId).toBe(created!.id);
  });

  test('answers the same for an unverified or a disabled account', async () => {
    const unverified = await createUserRecord(t.db, { verified: false });
    const disabled = await createUserRecord(t.db, { disabled: true });
    const attempt = (email: string) => postSignup(t.app, { name: 'Someone', email, password: DEFAULT_TEST_PASSWORD });
    const expected = (email: string) => ({ status: 201, body: JSON.stringify({ email }) });

    for (const email of [unverified.user.email, disabled.user.email, uniqueEmail()]) {
      expect(answerOf(await attempt(email))).toMatchObject(expected(email));
    }
  });

  test('an address outside the allowed domains is refused alike, taken or not', async () => {
    const { user } = await createUserRecord(t.db, { email: 'outsider@gmail.example' });
    await updateSettings(
      t.db,
      { restrictSignupToDomains: true, signupDomains: ['uni.example'] },
      t.app.settingDefaults,
      t.clock(),
    );

    const taken = await postSignup(t.app, { name: 'Someone', email: user.email, password: DEFAULT_TEST_PASSWORD });
    const free = await postSignup(t.app, {
      name: 'Someone',
      email: 'free@gmail.example',
      password: DEFAULT_TEST_PASSWORD,
    });

    expect(taken.statusCode).toBe(403);
    expect(answerOf(taken)).toEqual(answerOf(free));
  });

  test('takes about as long for a taken address as for a new one (the password is hashed either way)', async () => {
    const { user } = await createUserRecord(t.db);
    const signUpNew = () =>
      postSignup(t.app, { name: 'Someone', email: uniqueEmail(), password: DEFAULT_TEST_PASSWORD });
    const signUpTaken = () =>
      postSignup(t.app, { name: 'Someone', email: user.email, password: DEFAULT_TEST_PASSWORD });
    await signUpNew();

    const newAddress = await median(5, signUpNew);
    const takenAddress = await median(5, signUpTaken);

    // Skipping the hash would make a taken address answer many times faster; noise is far smaller.
    expect(takenAddress).toBeGreaterThan(newAddress * 0.4);
  });
});

describe('login', () => {
  test('answers an unknown address exactly like a wrong password', async () => {
    const { user } = await createUserRecord(t.db, { verified: true });

    const wrongPassword = await postLogin(t.app, { email: user.email, password: 'not the password' });
    const unknownAddress = await postLogin(t.app, { email: 'nobody@uni.example', password: 'not the password' });

    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({
      error: { code: 'invalid_credentials', message: 'Invalid email or password.' },
    });
    expect(answerOf(unknownAddress)).toEqual(answerOf(wrongPassword));
  });

  test('takes about as long for an unknown address as for a wrong password (a dummy hash is checked)', async () => {
    const { user } = await createUserRecord(t.db);
    await postLogin(t.app, { email: user.email, password: 'warm-up' });

    const wrongPassword = await median(5, () => postLogin(t.app, { email: user.email, password: 'not the password' }));
    const unknownAddress = await median(5, () =>
      postLogin(t.app, { email: uniqueEmail(), password: 'not the password' }),
    );

    expect(unknownAddress).toBeGreaterThan(wrongPassword * 0.4);
  });
});

describe('resending the verification mail', () => {
  test('only ever concerns the signed-in account: an address in the request is ignored', async () => {
    const { user, password } = await createUserRecord(t.db, { email: 'me@uni.example' });
    const { user: other } = await createUserRecord(t.db, { email: 'someone-else@uni.example' });
    const cookie = await login(t.app, { email: user.email, password });

    const response = await request(t.app, 'POST', apiPaths.resendVerification, {
      as: cookie,
      payload: { email: other.email, userId: other.id },
    });

    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('{"email":"me@uni.example"}');
    expect((await readMails(t.outboxDir)).map((mail) => mail.to)).toEqual(['me@uni.example']);
  });

  test('asks for a session and says nothing more without one', async () => {
    const { user } = await createUserRecord(t.db);

    const response = await request(t.app, 'POST', apiPaths.resendVerification, { payload: { email: user.email } });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'unauthenticated', message: 'Please log in to continue.' } });
    expect(await readMails(t.outboxDir)).toHaveLength(0);
  });
});
