import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest';
import { apiPaths } from '../../src/shared/api-paths';
import { createTestApp } from '../helpers/app';
import { createAdminRecord } from '../helpers/factories';
import { sessionCookieFor } from '../helpers/actors';
import { getSessionAccount, login, postVerifyEmail, signUp } from '../helpers/auth';
import { parseMail, readLatestMail, readMails, verificationParams } from '../helpers/mail';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { request } from '../helpers/requests';

describe('without SMTP (outbox folder)', () => {
  test('the verification mail is a file in DATA_DIR/outbox, readable by the operator only', async () => {
    const t = await createTestApp();
    onTestFinished(() => t.close());

    const signed = await signUp(t.app, { name: 'Zoë Ångström', email: 'zoe@uni.example' });

    expect(t.outboxDir.startsWith(t.dataDir)).toBe(true);
    const [mail] = await readMails(t.outboxDir);
    expect(mail).toMatchObject({ to: 'zoe@uni.example', subject: 'Verify your email for Tutorly' });
    // The name was typed by whoever signed up; the address is not proven yet.
    expect(mail!.text).toMatch(/^Hello,$/m);
    expect(mail!.text).not.toContain('Zoë');
    expect(mail!.text).toContain('The link works once and expires in 48 hours.');
    expect(verificationParams(mail!.link!).userId).toBe(signed.account.id);
  });

  test('the mail carries the site name an admin chose', async () => {
    const t = await createTestApp();
    onTestFinished(() => t.close());
    const { user } = await createAdminRecord(t.db);
    const cookie = await sessionCookieFor(t, user.id, 'passed');
    await request(t.app, 'PATCH', apiPaths.adminSettings, { as: cookie, payload: { siteName: 'Études Tutors' } });

    await signUp(t.app);

    expect((await readLatestMail(t.outboxDir)).subject).toBe('Verify your email for Études Tutors');
  });
});

describe('with SMTP', () => {
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(() => smtp.close());

  test('sign-up sends the mail through the SMTP server, and its link verifies the account', async () => {
    const t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Tutorly <tutorly@uni.example>' } });
    onTestFinished(() => t.close());

    const signed = await signUp(t.app, { email: 'smtp-user@uni.example' });

    expect(smtp.messages).toHaveLength(1);
    const message = smtp.messages[0]!;
    expect(message.envelopeTo).toEqual(['smtp-user@uni.example']);
    expect(message.raw).toMatch(/^From: Tutorly <tutorly@uni\.example>$/m);
    expect(message).toMatchObject({ to: 'smtp-user@uni.example', subject: 'Verify your email for Tutorly' });
    expect(await readMails(t.outboxDir)).toHaveLength(0);
    // With a real mail server the link is not printed in the log.
    expect(t.logs.join('\n')).not.toContain(verificationParams(message.link!).secret);

    const verified = await postVerifyEmail(t.app, verificationParams(message.link!));

    expect(verified.statusCode).toBe(200);
    const cookie = await login(t.app, signed);
    expect(await getSessionAccount(t.app, cookie)).toMatchObject({
      email: 'smtp-user@uni.example',
      emailVerified: true,
    });
  });

  test('an unreachable SMTP server does not lose the account; the mail can be sent again', async () => {
    const down = await startSmtpSink();
    await down.close();
    const t = await createTestApp({ env: { SMTP_URL: down.url } });
    onTestFinished(() => t.close());

    const signed = await signUp(t.app);

    expect(signed.response.statusCode).toBe(201);
    expect(t.logs.some((line) => line.includes('verification mail could not be sent'))).toBe(true);

    // Asking again while the server is still down says so plainly instead of a generic failure.
    const cookie = await login(t.app, signed);
    const resend = await request(t.app, 'POST', apiPaths.resendVerification, { as: cookie });
    expect(resend.statusCode).toBe(503);
    expect(resend.json().error).toEqual({
      code: 'service_unavailable',
      message: 'We could not send the verification email right now. Please try again in a few minutes.',
    });
  });
});

describe('the test mail parser', () => {
  test('reads quoted-printable and base64 text parts inside nested multiparts', () => {
    const raw = [
      'To: "Ada" <ada@uni.example>',
      'Subject: =?UTF-8?Q?V=C3=A9rifier?= =?UTF-8?B?IHZvdHJlIGFkcmVzc2U=?=',
      'Content-Type: multipart/mixed; boundary="outer"',
      '',
      '--outer',
      'Content-Type: multipart/alternative;',
      ' boundary="inner"',
      '',
      '--inner',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Caf=C3=A9 link: https://tutorly.example/verify?userId=3D1&secret=3Dabc=',
      'def',
      '--inner',
      'Content-Type: text/html',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p>html</p>').toString('base64'),
      '--inner--',
      '--outer--',
    ].join('\r\n');

    expect(parseMail(raw)).toEqual({
      to: 'ada@uni.example',
      subject: 'Vérifier votre adresse',
      text: 'Café link: https://tutorly.example/verify?userId=1&secret=abcdef',
      link: 'https://tutorly.example/verify?userId=1&secret=abcdef',
    });
  });
});
