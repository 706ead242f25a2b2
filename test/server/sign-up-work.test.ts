import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { publishChangesLike } from '../../src/server/db/change-data';
import type { WritableDatabase } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';
import * as passwords from '../../src/server/services/accounts/passwords';
import { createTestApp, type TestApp } from '../helpers/app';
import { postSignup } from '../helpers/auth';
import { getFileDatabase } from '../helpers/database';
import { createUserRecord, DEFAULT_TEST_PASSWORD } from '../helpers/factories';
import { readMails } from '../helpers/mail';

// Sign-up answers a taken address like a new one: same answer, and the same work before it, so
// neither the answer nor its timing says whether an address has an account. The work is
// counted, not timed: every password hashing and every SQL statement before the answer leaves.

let t: TestApp;
let hashings: { mock: { calls: unknown[] } };
const statements: string[] = [];
let answeredAfter: { hashings: number; statements: number } | undefined;

beforeEach(async () => {
  const database = await getFileDatabase();
  // The same connection as the app's, through a Drizzle instance that notes every statement.
  const client = (database.db as unknown as { $client: never }).$client;
  const logger = { logQuery: (query: string) => void statements.push(query) };
  const db = (database.kind === 'pglite'
    ? drizzlePglite(client, { schema, logger })
    : drizzlePg(client, { schema, logger })) as unknown as WritableDatabase;
  publishChangesLike(db, database.db);
  t = await createTestApp({ database: { ...database, db } });
  hashings = vi.spyOn(passwords, 'hashPassword');
  t.app.addHook('onSend', async (request) => {
    if (request.routeOptions.url === '/api/auth/signup')
      answeredAfter = { hashings: hashings.mock.calls.length, statements: statements.length };
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

/** What one sign-up did before its answer left: password hashings, and its SQL statements in order. */
async function workBeforeAnswer(input: { name: string; email: string; password: string }) {
  const hashingsBefore = hashings.mock.calls.length;
  statements.length = 0;
  answeredAfter = undefined;
  const response = await postSignup(t.app, input);
  expect(response.statusCode).toBe(201);
  return {
    hashings: answeredAfter!.hashings - hashingsBefore,
    statements: statements.slice(0, answeredAfter!.statements),
  };
}

describe('sign-up does the same work for a taken address as for a new one', () => {
  test.each([
    ['verified', { verified: true }, 'Sign-up attempt with your email on Tutorly'],
    // Unclaimed: the account is replaced and a fresh link goes out (the address belongs to whoever reads its mail).
    ['unverified', { verified: false }, 'Verify your email for Tutorly'],
  ])('an existing %s account', async (_label, state, takenMailSubject) => {
    const { user } = await createUserRecord(t.db, { email: 'taken@uni.example', ...state });
    await workBeforeAnswer({ name: 'Warm Up', email: 'warm-up@uni.example', password: DEFAULT_TEST_PASSWORD });

    const fresh = await workBeforeAnswer({
      name: 'Someone',
      email: 'new@uni.example',
      password: DEFAULT_TEST_PASSWORD,
    });
    const taken = await workBeforeAnswer({ name: 'Someone', email: user.email, password: DEFAULT_TEST_PASSWORD });

    expect(fresh.hashings).toBe(1);
    expect(taken).toEqual(fresh);
    // The mails still go, after the answer: a verification link to the new address; to the taken
    // one a notice, or a fresh link when it was never verified.
    expect((await readMails(t.outboxDir)).map((mail) => [mail.to, mail.subject])).toEqual([
      ['warm-up@uni.example', 'Verify your email for Tutorly'],
      ['new@uni.example', 'Verify your email for Tutorly'],
      ['taken@uni.example', takenMailSubject],
    ]);
  });
});

describe('mails to an address nobody has proven carry no name a visitor typed', () => {
  const name = 'Claim your prize at http://evil.example';

  test('the verification mail to a new address greets without the name', async () => {
    await postSignup(t.app, { name, email: 'victim@uni.example', password: DEFAULT_TEST_PASSWORD });

    const [mail] = await readMails(t.outboxDir);
    expect(mail).toMatchObject({ to: 'victim@uni.example', subject: 'Verify your email for Tutorly' });
    expect(mail!.text).toMatch(/^Hello,$/m);
    expect(mail!.text).not.toContain('prize');
    expect(mail!.text).not.toContain('evil.example');
  });

  test("the notice to an existing account's owner greets without any name", async () => {
    await createUserRecord(t.db, { email: 'owner@uni.example', name: 'Owner Name', verified: true });

    await postSignup(t.app, { name, email: 'owner@uni.example', password: DEFAULT_TEST_PASSWORD });

    const [mail] = await readMails(t.outboxDir);
    expect(mail).toMatchObject({ to: 'owner@uni.example', subject: 'Sign-up attempt with your email on Tutorly' });
    expect(mail!.text).toMatch(/^Hello,$/m);
    expect(mail!.text).not.toContain('prize');
    expect(mail!.text).not.toContain('Owner Name');
  });
});
