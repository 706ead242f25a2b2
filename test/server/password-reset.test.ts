import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { auditLog, sessions, users } from '../../src/server/db/schema';
import { HOUR_MS } from '../../src/server/lib/clock';
import { sweepUnclaimedAccounts } from '../../src/server/services/accounts/sign-up';
import { apiPaths } from '../../src/shared/api-paths';
import { callAs, signedInAdmin, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { getSessionAccount, login, loginAttempt, postSignup, postVerifyEmail } from '../helpers/auth';
import { createUserRecord, uniqueEmail } from '../helpers/factories';
import { readMails, type ReceivedMail, verificationParams } from '../helpers/mail';
import { request } from '../helpers/requests';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const NEW_PASSWORD = 'a fresh and long passphrase';

function askForReset(email: string, remoteAddress?: string) {
  return request(t.app, 'POST', apiPaths.passwordReset, { payload: { email }, remoteAddress });
}

function confirmReset(token: string, password = NEW_PASSWORD) {
  return request(t.app, 'POST', apiPaths.passwordResetConfirm, { payload: { token, password } });
}

async function mailsTo(email: string): Promise<ReceivedMail[]> {
  return (await readMails(t.outboxDir)).filter((mail) => mail.to === email);
}

function tokenOf(mail: ReceivedMail | undefined): string {
  expect(mail?.link).toMatch(/\/reset-password\?token=/);
  return new URL(mail!.link!).searchParams.get('token')!;
}

async function latestResetToken(email: string): Promise<string> {
  const mails = (await mailsTo(email)).filter((mail) => mail.link?.includes('/reset-password'));
  return tokenOf(mails.at(-1));
}

describe('forgot password', () => {
  test('a known address gets a link; choosing a new password ends every session and mails a notice', async () => {
    const { user, password } = await createUserRecord(t.db, { verified: true });
    const cookie = await login(t.app, { email: user.email, password });

    const asked = await askForReset(user.email);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ email: user.email });
    const token = await latestResetToken(user.email);

    const reset = await confirmReset(token);
    expect(reset.statusCode).toBe(204);

    expect(await getSessionAccount(t.app, cookie)).toBeNull();
    expect((await loginAttempt(t.app, { email: user.email, password })).status).toBe(401);
    expect((await loginAttempt(t.app, { email: user.email, password: NEW_PASSWORD })).status).toBe(200);
    const notice = (await mailsTo(user.email)).at(-1)!;
    expect(notice.subject).toMatch(/password was changed/);
    // The token is stored hashed only.
    const stored = JSON.stringify(await t.db.select().from(users).where(eq(users.id, user.id)));
    expect(stored).not.toContain(token);
  });

  test('an unknown address is answered exactly like a known one, and nothing is mailed', async () => {
    const { user } = await createUserRecord(t.db, { verified: true });
    const unknown = uniqueEmail('nobody');

    const known = await askForReset(user.email);
    const missing = await askForReset(unknown);

    expect(missing.statusCode).toBe(known.statusCode);
    expect(missing.json()).toEqual({ email: unknown });
    expect(await mailsTo(unknown)).toEqual([]);
  });

  test('the link works once', async () => {
    const { user } = await createUserRecord(t.db, { verified: true });
    await askForReset(user.email);
    const token = await latestResetToken(user.email);
    expect((await confirmReset(token)).statusCode).toBe(204);

    const again = await confirmReset(token, 'yet another long passphrase');
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('verification_used');
  });

  test('the link expires after one hour', async () => {
    const { user } = await createUserRecord(t.db, { verified: true });
    await askForReset(user.email);
    const token = await latestResetToken(user.email);

    t.clock.advance(HOUR_MS + 1_000);
    const late = await confirmReset(token);
    expect(late.statusCode).toBe(410);
    expect(late.json().error).toMatchObject({
      code: 'verification_expired',
      message: 'This password reset link has expired. Please request a new one.',
    });
  });

  test('a new request replaces the old link', async () => {
    const { user } = await createUserRecord(t.db, { verified: true });
    await askForReset(user.email);
    const first = await latestResetToken(user.email);
    await askForReset(user.email);
    const second = await latestResetToken(user.email);

    expect((await confirmReset(first)).json().error.code).toBe('verification_invalid');
    expect((await confirmReset(second)).statusCode).toBe(204);
  });

  test('a made-up token or a verification secret is not a reset link', async () => {
    const signup = await postSignup(t.app, { name: 'Vera', email: uniqueEmail(), password: NEW_PASSWORD });
    expect(signup.statusCode).toBe(201);
    const verifyMail = (await readMails(t.outboxDir)).at(-1)!;

    expect((await confirmReset('not-a-token')).statusCode).toBe(400);
    expect((await confirmReset(verificationParams(verifyMail.link!).secret)).statusCode).toBe(400);
  });

  test('the new password follows the sign-up rules', async () => {
    const { user } = await createUserRecord(t.db, { verified: true });
    await askForReset(user.email);
    const response = await confirmReset(await latestResetToken(user.email), 'short');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      { path: 'password', message: 'Password must be at least 8 characters.' },
    ]);
  });

  test('a disabled account gets no link', async () => {
    const { user } = await createUserRecord(t.db, { verified: true, disabled: true });
    expect((await askForReset(user.email)).statusCode).toBe(202);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  test('requests are limited per address and per client', async () => {
    await t.close();
    t = await createTestApp({
      env: { RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS: '2/1h', RATE_LIMIT_PASSWORD_RESET_PER_IP: '3/1h' },
    });
    const email = uniqueEmail();
    expect((await askForReset(email, '203.0.113.1')).statusCode).toBe(202);
    expect((await askForReset(email, '203.0.113.2')).statusCode).toBe(202);
    // A third for the same address, from anywhere.
    expect((await askForReset(email, '203.0.113.3')).statusCode).toBe(429);

    expect((await askForReset(uniqueEmail(), '198.51.100.7')).statusCode).toBe(202);
    expect((await askForReset(uniqueEmail(), '198.51.100.7')).statusCode).toBe(202);
    expect((await askForReset(uniqueEmail(), '198.51.100.7')).statusCode).toBe(202);
    const fourth = await askForReset(uniqueEmail(), '198.51.100.7');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.headers['retry-after']).toBeDefined();
  });

  test('the reset link is never written to the log', async () => {
    const { user } = await createUserRecord(t.db, { verified: true });
    await askForReset(user.email);
    const token = await latestResetToken(user.email);
    await confirmReset(token);
    expect(t.logs.join('\n')).not.toContain(token);
  });
});

describe('an address belongs to whoever can read its mail', () => {
  test('a squatter who signed up first with the address ends up with nothing', async () => {
    const ownerEmail = uniqueEmail('owner');
    const squatterPassword = 'squatter chose this one';
    const ownerPassword = 'the owner chose this one';

    // The squatter signs up with the owner's address, never verifies, and stays signed in.
    expect(
      (await postSignup(t.app, { name: 'Squatter', email: ownerEmail, password: squatterPassword })).statusCode,
    ).toBe(201);
    const squatterCookie = await login(t.app, { email: ownerEmail, password: squatterPassword });
    const squatterLink = verificationParams((await mailsTo(ownerEmail)).at(-1)!.link!);

    // The owner signs up and clicks the verification mail they receive.
    expect((await postSignup(t.app, { name: 'Owner', email: ownerEmail, password: ownerPassword })).statusCode).toBe(
      201,
    );
    const ownerMail = (await mailsTo(ownerEmail)).at(-1)!;
    expect(ownerMail.subject).toMatch(/Verify your email/);
    expect((await postVerifyEmail(t.app, verificationParams(ownerMail.link!))).statusCode).toBe(200);

    // The owner has the only working password, a verified account under their name.
    const ownerCookie = await login(t.app, { email: ownerEmail, password: ownerPassword });
    expect(await getSessionAccount(t.app, ownerCookie)).toMatchObject({
      email: ownerEmail,
      name: 'Owner',
      emailVerified: true,
    });
    expect((await loginAttempt(t.app, { email: ownerEmail, password: squatterPassword })).status).toBe(401);
    expect(await getSessionAccount(t.app, squatterCookie)).toBeNull();
    // The squatter's own verification link stopped working.
    expect((await postVerifyEmail(t.app, squatterLink)).statusCode).toBe(400);
  });

  test('a password reset claims an unverified account too', async () => {
    const email = uniqueEmail('owner');
    await postSignup(t.app, { name: 'Squatter', email, password: 'squatter chose this one' });
    const squatterCookie = await login(t.app, { email, password: 'squatter chose this one' });

    await askForReset(email);
    expect((await confirmReset(await latestResetToken(email))).statusCode).toBe(204);

    expect((await loginAttempt(t.app, { email, password: 'squatter chose this one' })).status).toBe(401);
    expect(await getSessionAccount(t.app, squatterCookie)).toBeNull();
    const cookie = await login(t.app, { email, password: NEW_PASSWORD });
    expect(await getSessionAccount(t.app, cookie)).toMatchObject({ emailVerified: true });
  });

  test('signing up again for a verified address changes nothing and tells the owner', async () => {
    const { user, password } = await createUserRecord(t.db, { verified: true });
    expect((await postSignup(t.app, { name: 'Intruder', email: user.email, password: NEW_PASSWORD })).statusCode).toBe(
      201,
    );
    expect((await loginAttempt(t.app, { email: user.email, password })).status).toBe(200);
    expect((await loginAttempt(t.app, { email: user.email, password: NEW_PASSWORD })).status).toBe(401);
    const notice = (await mailsTo(user.email)).at(-1)!;
    expect(notice.text).toContain('/forgot-password');
    expect(notice.text).not.toContain('contact the');
  });

  test('the sweep removes unverified sign-ups older than the link, and keeps the rest', async () => {
    const stale = uniqueEmail('stale');
    const resent = uniqueEmail('resent');
    const fresh = uniqueEmail('fresh');
    await postSignup(t.app, { name: 'Stale', email: stale, password: NEW_PASSWORD });
    await postSignup(t.app, { name: 'Resent', email: resent, password: NEW_PASSWORD });
    const { user: verified } = await createUserRecord(t.db, { verified: true, now: t.clock() });
    t.clock.advance(47 * HOUR_MS);
    // A link asked for again later keeps its account until that link expires.
    const resentCookie = await login(t.app, { email: resent, password: NEW_PASSWORD });
    expect((await request(t.app, 'POST', apiPaths.resendVerification, { as: resentCookie })).statusCode).toBe(200);
    await postSignup(t.app, { name: 'Fresh', email: fresh, password: NEW_PASSWORD });
    t.clock.advance(2 * HOUR_MS);

    expect(await sweepUnclaimedAccounts(t.db, t.clock())).toBe(1);

    const remaining = (await t.db.select({ email: users.email }).from(users)).map((row) => row.email);
    expect(remaining).not.toContain(stale);
    expect(remaining).toEqual(expect.arrayContaining([resent, fresh, verified.email]));
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, verified.id))).toEqual([]);
  });
});

describe("an administrator's 'Send password reset'", () => {
  test('mails the user a link and records it; the administrator never sees a password', async () => {
    const admin = await signedInAdmin(t);
    const student = await signedInStudent(t);
    const response = await callAs(t, admin, 'POST', apiPaths.sendPasswordReset(student.user.id));
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const token = await latestResetToken(student.user.email);
    expect((await confirmReset(token)).statusCode).toBe(204);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user_password_reset_sent'));
    expect(entry).toMatchObject({ actorId: admin.user.id, subjectUserId: student.user.id });
  });

  test('is refused for a disabled account and for students', async () => {
    const admin = await signedInAdmin(t);
    const student = await signedInStudent(t);
    const { user: disabled } = await createUserRecord(t.db, { verified: true, disabled: true });

    expect((await callAs(t, admin, 'POST', apiPaths.sendPasswordReset(disabled.id))).statusCode).toBe(409);
    expect((await callAs(t, student, 'POST', apiPaths.sendPasswordReset(admin.user.id))).statusCode).toBe(403);
    expect(await mailsTo(disabled.email)).toEqual([]);
  });
});
