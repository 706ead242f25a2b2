import { afterEach, beforeEach, expect, test } from 'vitest';
import { emailVerifications, sessions, users } from '../../src/server/db/schema';
import { SESSION_COOKIE } from '../../src/server/plugins/auth';
import { createTestApp, type TestApp } from '../helpers/app';
import { login, signUp } from '../helpers/auth';
import { readLatestMail, verificationParams } from '../helpers/mail';

// What a leaked copy of the database would give away: no password, cookie or link secret.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

test('passwords, session tokens and verification secrets are stored only as hashes', async () => {
  const signed = await signUp(t.app, { password: 'plain-text-never-stored' });
  const { secret } = verificationParams((await readLatestMail(t.outboxDir)).link!);
  const cookie = await login(t.app, signed);
  const token = cookie.slice(`${SESSION_COOKIE}=`.length);

  const [user] = await t.db.select().from(users);
  expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
  expect(user!.passwordHash).not.toContain(signed.password);

  const storedSessions = await t.db.select().from(sessions);
  expect(storedSessions).toHaveLength(1);
  expect(storedSessions[0]!.tokenHash).not.toBe(token);
  expect(JSON.stringify(storedSessions)).not.toContain(token);

  const storedSecrets = await t.db.select().from(emailVerifications);
  expect(storedSecrets).toHaveLength(1);
  expect(JSON.stringify(storedSecrets)).not.toContain(secret);
});
