import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { DAY_MS } from '../../src/server/lib/clock';
import { emailVerifications, users } from '../../src/server/db/schema';
import {
  issueVerificationSecret,
  SUPERSEDED_LINK_MESSAGE,
} from '../../src/server/services/accounts/email-verification';
import { updateSettings } from '../../src/server/services/settings';
import { signupDomainsMessage } from '../../src/shared/settings';
import type { CreateUserResponse } from '../../src/shared/users';
import { apiPaths } from '../../src/shared/api-paths';
import { type Actor, callAs, signedInAdmin } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import {
  cookieHeader,
  getSessionAccount,
  login,
  postLogin,
  postSignup,
  postVerifyEmail,
  signUp,
} from '../helpers/auth';
import { DEFAULT_TEST_PASSWORD } from '../helpers/factories';
import { readLatestMail, readMails, verificationParams } from '../helpers/mail';
import { request } from '../helpers/requests';

let t: TestApp;
let admin: Actor;
beforeEach(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://tutors.uni.example' } });
  admin = await signedInAdmin(t, 'Dana Dean');
});
afterEach(() => t.close());

const CHOSEN_PASSWORD = 'my own chosen password';

async function invite(email = 'ivy.invited@uni.example', role: 'student' | 'admin' = 'student') {
  const response = await callAs(t, admin, 'POST', apiPaths.adminUsers, {
    name: 'Ivy Invited',
    email,
    role,
    delivery: 'invitation',
  });
  expect(response.statusCode).toBe(201);
  const body = response.json<CreateUserResponse>();
  const mail = await readLatestMail(t.outboxDir);
  const link = mail.link!;
  expect(new URL(link).pathname).toBe('/welcome');
  return { body, mail, link, params: verificationParams(link) };
}

describe('an invitation', () => {
  test('is mailed with a welcome link; nothing usable is stored or logged', async () => {
    const { body, mail, link, params } = await invite();

    expect(body.oneTimePassword).toBeNull();
    expect(body.user).toMatchObject({
      name: 'Ivy Invited',
      email: 'ivy.invited@uni.example',
      role: 'student',
      emailVerified: true,
    });
    expect(mail.to).toBe('ivy.invited@uni.example');
    expect(mail.subject).toBe('You have been invited to Tutorly');
    expect(mail.text).toContain('Dana Dean');
    expect(mail.text).toContain('expires in 7 days');
    expect(link.startsWith('https://tutors.uni.example/welcome?')).toBe(true);
    expect(params.userId).toBe(body.user.id);

    const [stored] = await t.db.select().from(emailVerifications).where(eq(emailVerifications.userId, body.user.id));
    expect(stored).toMatchObject({ purpose: 'invitation', usedAt: null });
    expect(stored!.secretHash).not.toBe(params.secret);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(7 * DAY_MS);
    expect(t.logs.join('\n')).not.toContain(params.secret);
  });

  test('works once: sets the password, signs the user in, and the password logs in afterwards', async () => {
    const { body, params } = await invite();

    const response = await request(t.app, 'POST', apiPaths.acceptInvitation, {
      payload: { ...params, password: CHOSEN_PASSWORD },
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      account: {
        id: body.user.id,
        name: 'Ivy Invited',
        email: 'ivy.invited@uni.example',
        phone: null,
        emailVerified: true,
        role: 'student',
        passwordChangeRequired: false,
        theme: 'system',
        language: 'en',
      },
      secondFactorStep: null,
    });
    expect(await getSessionAccount(t.app, cookieHeader(response))).toMatchObject({ id: body.user.id });
    const cookie = await login(t.app, { email: 'ivy.invited@uni.example', password: CHOSEN_PASSWORD });
    expect(await getSessionAccount(t.app, cookie)).toMatchObject({ id: body.user.id });

    const again = await request(t.app, 'POST', apiPaths.acceptInvitation, {
      payload: { ...params, password: 'someone else wants in' },
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toEqual({
      code: 'verification_used',
      message: 'This verification link has already been used.',
    });
    expect(again.cookies).toHaveLength(0);
    // The password chosen first still holds.
    await login(t.app, { email: 'ivy.invited@uni.example', password: CHOSEN_PASSWORD });
  });

  test('expires after 7 days', async () => {
    const { params } = await invite();

    t.clock.advance(7 * DAY_MS + 1_000);
    const response = await request(t.app, 'POST', apiPaths.acceptInvitation, {
      payload: { ...params, password: CHOSEN_PASSWORD },
    });

    expect(response.statusCode).toBe(410);
    expect(response.json().error.code).toBe('verification_expired');
  });

  test('still works just before 7 days', async () => {
    const { params } = await invite();
    t.clock.advance(7 * DAY_MS - 60_000);
    expect(
      (await request(t.app, 'POST', apiPaths.acceptInvitation, { payload: { ...params, password: CHOSEN_PASSWORD } }))
        .statusCode,
    ).toBe(200);
  });

  test('a wrong secret, another account, a malformed id or a short password are refused', async () => {
    const { params } = await invite();
    const { body: other } = await invite('other@uni.example');

    const wrong = await request(t.app, 'POST', apiPaths.acceptInvitation, {
      payload: { userId: params.userId, secret: `${params.secret}x`, password: CHOSEN_PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'verification_invalid',
      message: 'This verification link is not valid. Please request a new one.',
    });
    expect(
      (
        await request(t.app, 'POST', apiPaths.acceptInvitation, {
          payload: { userId: other.user.id, secret: params.secret, password: CHOSEN_PASSWORD },
        })
      ).json().error.code,
    ).toBe('verification_invalid');
    expect(
      (
        await request(t.app, 'POST', apiPaths.acceptInvitation, {
          payload: { userId: 'not-a-uuid', secret: params.secret, password: CHOSEN_PASSWORD },
        })
      ).json().error.code,
    ).toBe('verification_invalid');
    const short = await request(t.app, 'POST', apiPaths.acceptInvitation, {
      payload: { ...params, password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('validation_error');
    // None of them used the link up.
    expect(
      (await request(t.app, 'POST', apiPaths.acceptInvitation, { payload: { ...params, password: CHOSEN_PASSWORD } }))
        .statusCode,
    ).toBe(200);
  });

  test('a verification link is no invitation, and an invitation is no verification link', async () => {
    const signed = await signUp(t.app, { email: 'sally.signup@uni.example' });
    const verification = verificationParams((await readLatestMail(t.outboxDir)).link!);
    const { params: invitation } = await invite();

    const asInvitation = await request(t.app, 'POST', apiPaths.acceptInvitation, {
      payload: { ...verification, password: CHOSEN_PASSWORD },
    });
    expect(asInvitation.statusCode).toBe(400);
    expect(asInvitation.json().error.code).toBe('verification_invalid');
    const asVerification = await postVerifyEmail(t.app, invitation);
    expect(asVerification.statusCode).toBe(400);
    expect(asVerification.json().error.code).toBe('verification_invalid');

    // Both still work for what they are.
    expect((await postVerifyEmail(t.app, verification)).statusCode).toBe(200);
    expect(
      (
        await request(t.app, 'POST', apiPaths.acceptInvitation, {
          payload: { ...invitation, password: CHOSEN_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
    await login(t.app, { email: signed.email, password: signed.password });
  });

  test('a new verification secret for the same account leaves the invitation working', async () => {
    const { body, params } = await invite();

    await issueVerificationSecret(t.db, body.user.id, t.clock());

    expect(
      (await request(t.app, 'POST', apiPaths.acceptInvitation, { payload: { ...params, password: CHOSEN_PASSWORD } }))
        .statusCode,
    ).toBe(200);
  });

  test('disabling the account kills its invitation for good (the credential epoch moved), enabling does not revive it', async () => {
    const { body, params } = await invite();
    await callAs(t, admin, 'POST', apiPaths.disableUser(body.user.id));
    const accept = () =>
      request(t.app, 'POST', apiPaths.acceptInvitation, { payload: { ...params, password: CHOSEN_PASSWORD } });

    const refused = await accept();
    expect(refused.statusCode).toBe(410);
    expect(refused.json().error.message).toBe(SUPERSEDED_LINK_MESSAGE);
    expect(refused.cookies).toHaveLength(0);

    await callAs(t, admin, 'POST', apiPaths.enableUser(body.user.id));
    expect((await accept()).json().error.message).toBe(SUPERSEDED_LINK_MESSAGE);
  });

  test('the invited account cannot be signed into before the invitation is accepted', async () => {
    await invite();
    const response = await postLogin(t.app, { email: 'ivy.invited@uni.example', password: '' });
    expect(response.statusCode).toBe(400);
    const guess = await postLogin(t.app, { email: 'ivy.invited@uni.example', password: DEFAULT_TEST_PASSWORD });
    expect(guess.statusCode).toBe(401);
  });

  test('when the mail cannot be sent the account is not created, so the administrator can try again', async () => {
    const send = t.app.mailer.send;
    t.app.mailer.send = () => Promise.reject(new Error('SMTP down'));
    try {
      const response = await callAs(t, admin, 'POST', apiPaths.adminUsers, {
        name: 'Ivy Invited',
        email: 'ivy.invited@uni.example',
        delivery: 'invitation',
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('service_unavailable');
    } finally {
      t.app.mailer.send = send;
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'ivy.invited@uni.example'))).toEqual([]);
    const { body } = await invite();
    expect(body.user.email).toBe('ivy.invited@uni.example');
  });
});

describe('sign-up restricted to university domains', () => {
  beforeEach(async () => {
    await updateSettings(
      t.db,
      { restrictSignupToDomains: true, signupDomains: ['uni.example.edu'] },
      t.app.settingDefaults,
      t.clock(),
    );
  });

  test('an address elsewhere is refused with the message, and nothing is created or mailed', async () => {
    const mailsBefore = (await readMails(t.outboxDir)).length;
    const response = await postSignup(t.app, {
      name: 'Gus Gmail',
      email: 'gus@gmail.com',
      password: DEFAULT_TEST_PASSWORD,
    });

    expect(response.statusCode).toBe(403);
    expect(response.json().error).toEqual({ code: 'forbidden', message: signupDomainsMessage(['uni.example.edu']) });
    expect(await t.db.select().from(users).where(eq(users.email, 'gus@gmail.com'))).toEqual([]);
    expect(await readMails(t.outboxDir)).toHaveLength(mailsBefore);
  });

  test('a refused address learns nothing about taken ones', async () => {
    await callAs(t, admin, 'POST', apiPaths.adminUsers, {
      name: 'Gus Gmail',
      email: 'gus@gmail.com',
      delivery: 'password',
    });
    const response = await postSignup(t.app, {
      name: 'Gus Again',
      email: 'gus@gmail.com',
      password: DEFAULT_TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('forbidden');
  });

  test('an address of the domain or a subdomain is accepted', async () => {
    const signed = await signUp(t.app, { email: 'stu@student.uni.example.edu' });
    expect(signed.account).toMatchObject({ email: 'stu@student.uni.example.edu', emailVerified: false });
    await signUp(t.app, { email: 'prof@uni.example.edu' });
  });

  test('administrators add accounts from anywhere', async () => {
    const response = await callAs(t, admin, 'POST', apiPaths.adminUsers, {
      name: 'Gus Gmail',
      email: 'gus@gmail.com',
      delivery: 'password',
    });
    expect(response.statusCode).toBe(201);
  });
});
