import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { HOUR_MS } from '../../src/server/lib/clock';
import { apiPaths } from '../../src/shared/api-paths';
import { createTestApp, type TestApp } from '../helpers/app';
import { getSessionAccount, login, postVerifyEmail, signUp } from '../helpers/auth';
import { createUserRecord } from '../helpers/factories';
import { readLatestMail, readMails, verificationParams } from '../helpers/mail';
import { request } from '../helpers/requests';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** A fresh sign-up and the userId/secret from the link in its mail. */
async function signUpAndReadLink() {
  const signed = await signUp(t.app);
  const mail = await readLatestMail(t.outboxDir);
  return { ...signed, params: verificationParams(mail.link!) };
}

describe('confirming an email address', () => {
  test('the mailed secret verifies the account', async () => {
    const { email, password, params } = await signUpAndReadLink();

    const response = await postVerifyEmail(t.app, params);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ verified: true });
    const cookie = await login(t.app, { email, password });
    expect(await getSessionAccount(t.app, cookie)).toMatchObject({ email, emailVerified: true });
  });

  test('a wrong secret is refused', async () => {
    const { params } = await signUpAndReadLink();

    const response = await postVerifyEmail(t.app, { userId: params.userId, secret: `${params.secret}x` });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('verification_invalid');
  });

  test("another account's userId with a valid secret is refused", async () => {
    const { params } = await signUpAndReadLink();
    const { user: other } = await createUserRecord(t.db);

    const response = await postVerifyEmail(t.app, { userId: other.id, secret: params.secret });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('verification_invalid');
  });

  test('a link works only once', async () => {
    const { params } = await signUpAndReadLink();
    await postVerifyEmail(t.app, params);

    const again = await postVerifyEmail(t.app, params);

    expect(again.statusCode).toBe(410);
    expect(again.json().error).toEqual({
      code: 'verification_used',
      message: 'This verification link has already been used.',
    });
  });

  test('a link expires after 48 hours', async () => {
    const { email, password, params } = await signUpAndReadLink();

    t.clock.advance(48 * HOUR_MS + 1_000);
    const response = await postVerifyEmail(t.app, params);

    expect(response.statusCode).toBe(410);
    expect(response.json().error.code).toBe('verification_expired');
    const cookie = await login(t.app, { email, password });
    expect(await getSessionAccount(t.app, cookie)).toMatchObject({ emailVerified: false });
  });

  test('a link still works just before 48 hours', async () => {
    const { params } = await signUpAndReadLink();

    t.clock.advance(48 * HOUR_MS - 60_000);

    expect((await postVerifyEmail(t.app, params)).statusCode).toBe(200);
  });

  test.each([
    ['the userId', (p: { userId: string; secret: string }) => ({ secret: p.secret }), ['userId']],
    ['the secret', (p: { userId: string; secret: string }) => ({ userId: p.userId }), ['secret']],
    ['both', () => ({}), ['userId', 'secret']],
  ])('a request without %s is refused', async (_, strip, missing) => {
    const { params } = await signUpAndReadLink();

    const response = await postVerifyEmail(t.app, strip(params));

    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'validation_error',
      message: 'Your link is not valid',
      fields: missing.map((path) => ({ path, message: 'Your link is not valid' })),
    });
  });

  test('a userId that is not a UUID is refused', async () => {
    const { params } = await signUpAndReadLink();

    const response = await postVerifyEmail(t.app, { userId: 'not-a-uuid', secret: params.secret });

    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('verification_invalid');
  });
});

describe('sending the verification mail again', () => {
  test('mails a fresh link and retires the old one', async () => {
    const { email, password, params: oldParams } = await signUpAndReadLink();
    const cookie = await login(t.app, { email, password });

    const response = await request(t.app, 'POST', apiPaths.resendVerification, { as: cookie });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email });
    const mails = await readMails(t.outboxDir);
    expect(mails).toHaveLength(2);
    const fresh = mails.find((mail) => mail.link && verificationParams(mail.link).secret !== oldParams.secret);
    expect(fresh).toMatchObject({ to: email });
    const newParams = verificationParams(fresh!.link!);
    expect(newParams.userId).toBe(oldParams.userId);

    expect((await postVerifyEmail(t.app, oldParams)).json().error.code).toBe('verification_invalid');
    expect((await postVerifyEmail(t.app, newParams)).statusCode).toBe(200);
  });

  test('needs a session', async () => {
    const response = await request(t.app, 'POST', apiPaths.resendVerification);

    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
    expect(await readMails(t.outboxDir)).toHaveLength(0);
  });

  test('is refused once the address is verified', async () => {
    const { user, password } = await createUserRecord(t.db, { verified: true });
    const cookie = await login(t.app, { email: user.email, password });

    const response = await request(t.app, 'POST', apiPaths.resendVerification, { as: cookie });

    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('conflict');
    expect(await readMails(t.outboxDir)).toHaveLength(0);
  });
});
