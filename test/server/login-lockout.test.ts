import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { closeOpenTestApps, createTestApp, type TestApp } from '../helpers/app';
import { postLogin } from '../helpers/auth';
import { createUserRecord, uniqueEmail } from '../helpers/factories';
import { signOutEverywhereElse } from '../../src/server/services/accounts/credential-epoch';

// Failed logins keep guessers out without locking the owner out: a browser that has signed in
// to the account before carries a device cookie and is not held back by the account's ceiling;
// a clean browser is delayed, for a while, never for good.

afterEach(() => closeOpenTestApps());

const DEVICE_COOKIE = 'tutorly_device';
const OWNER_HOME = '203.0.113.7';
const CAMPUS_NAT = '198.51.100.1';
const attackers = Array.from({ length: 40 }, (_, i) => `192.0.2.${i + 1}`);

function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE);
  if (!cookie) throw new Error('no device cookie was set');
  return `${cookie.name}=${cookie.value}`;
}

async function attempt(t: TestApp, email: string, password: string, client: string, cookie?: string) {
  return postLogin(t.app, { email, password }, { remoteAddress: client, headers: cookie ? { cookie } : {} });
}

/** An owner who signed in once from their own browser, which keeps its device cookie. */
async function ownerWithDevice(t: TestApp) {
  const { user, password } = await createUserRecord(t.db, { verified: true });
  const first = await attempt(t, user.email, password, OWNER_HOME);
  expect(first.statusCode).toBe(200);
  return { email: user.email, userId: user.id, password, device: deviceCookieOf(first) };
}

describe('the device cookie', () => {
  test('is issued on a successful login only: signed, HttpOnly, naming the account, kept for long', async () => {
    const t = await createTestApp();
    const { user, password } = await createUserRecord(t.db);

    const failed = await attempt(t, user.email, 'wrong password', OWNER_HOME);
    expect(failed.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();

    const response = await attempt(t, user.email, password, OWNER_HOME);
    const cookie = response.cookies.find((c) => c.name === DEVICE_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie.maxAge).toBeGreaterThanOrEqual(180 * 24 * 3600);
    expect(cookie.value.startsWith(`${user.id}.`)).toBe(true);
    expect(cookie.value).not.toContain(password);
  });

  test('over HTTPS it is a Secure __Host- cookie', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://tutors.example.edu' } });
    const { user, password } = await createUserRecord(t.db);

    const response = await attempt(t, user.email, password, OWNER_HOME);

    expect(response.cookies.find((c) => c.name === `__Host-${DEVICE_COOKIE}`)).toMatchObject({
      secure: true,
      httpOnly: true,
      path: '/',
    });
  });
});

describe('the owner', () => {
  test('logs in with the device cookie while guessers from many addresses hold the account at its ceiling', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '5/15m' } });
    const owner = await ownerWithDevice(t);

    for (const client of attackers.slice(0, 8)) await attempt(t, owner.email, 'guess', client);
    expect((await attempt(t, owner.email, owner.password, attackers[9]!)).statusCode).toBe(429);

    const response = await attempt(t, owner.email, owner.password, OWNER_HOME, owner.device);
    expect(response.statusCode).toBe(200);
    // Even from the attackers' own address (a shared campus NAT, say).
    expect((await attempt(t, owner.email, owner.password, attackers[0]!, owner.device)).statusCode).toBe(200);
  });

  test('from a clean browser is delayed during an attack, not locked for good', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '5/15m' } });
    const { user, password } = await createUserRecord(t.db, { verified: true });
    for (const client of attackers.slice(0, 8)) await attempt(t, user.email, 'guess', client);

    const refused = await attempt(t, user.email, password, OWNER_HOME);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);

    t.clock.advance(wait * 1000);
    expect((await attempt(t, user.email, password, OWNER_HOME)).statusCode).toBe(200);
  });

  test('typing the password wrong a few times costs seconds, not the account', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '10/15m' } });
    const { user, password } = await createUserRecord(t.db, { verified: true });

    for (let i = 0; i < 3; i++) expect((await attempt(t, user.email, 'typo', OWNER_HOME)).statusCode).toBe(401);
    expect((await attempt(t, user.email, 'typo', OWNER_HOME)).headers['retry-after']).toBe('1');
    t.clock.advance(1000);
    expect((await attempt(t, user.email, password, OWNER_HOME)).statusCode).toBe(200);
  });

  test('students with device cookies log in through a campus address where one student guessed', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_IP: '5/15m' } });
    const student = await ownerWithDevice(t);
    for (let i = 0; i < 6; i++) await attempt(t, uniqueEmail(), 'guess', CAMPUS_NAT);

    expect((await attempt(t, uniqueEmail(), 'guess', CAMPUS_NAT)).statusCode).toBe(429);
    expect((await attempt(t, student.email, student.password, CAMPUS_NAT, student.device)).statusCode).toBe(200);
  });
});

describe('the guesser', () => {
  test('guessing one account from many addresses still stops at the ceiling, the right password included', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '5/15m' } });
    const { user, password } = await createUserRecord(t.db, { verified: true });

    const statuses = [];
    for (const client of attackers.slice(0, 8))
      statuses.push((await attempt(t, user.email, 'guess', client)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect((await attempt(t, user.email, password, attackers[20]!)).statusCode).toBe(429);
  });

  test('one client guessing one account waits longer after every failure', async () => {
    const t = await createTestApp();
    const { user } = await createUserRecord(t.db, { verified: true });
    const guess = () => attempt(t, user.email, 'guess', attackers[0]!);

    for (let i = 0; i < 3; i++) expect((await guess()).statusCode).toBe(401);
    const waits = [];
    for (let i = 0; i < 5; i++) {
      const refused = await guess();
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      waits.push(wait);
      // Asking again while waiting changes nothing.
      expect((await guess()).headers['retry-after']).toBe(String(wait));
      t.clock.advance(wait * 1000);
      expect((await guess()).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16]);
  });

  test('a device cookie is no pass for guessing: it has a ceiling of its own', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '5/15m' } });
    const owner = await ownerWithDevice(t);

    const statuses = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await attempt(t, owner.email, 'guess', attackers[i]!, owner.device)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  test('a device cookie from before the way into the account changed counts as a clean browser', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '3/15m' } });
    // Someone who had the password signed in once and kept the browser's device cookie...
    const owner = await ownerWithDevice(t);
    const intruderDevice = owner.device;
    // ...then the owner signed everyone out (as a password change or reset does).
    await signOutEverywhereElse(t.db, owner.userId, null);

    for (const client of attackers.slice(0, 3))
      expect((await attempt(t, owner.email, 'guess', client, intruderDevice)).statusCode).toBe(401);
    expect((await attempt(t, owner.email, owner.password, attackers[5]!, intruderDevice)).statusCode).toBe(429);
    // The owner signs in again from a browser of theirs and is known under the new epoch.
    const fresh = await attempt(t, owner.email, owner.password, OWNER_HOME);
    expect(fresh.statusCode).toBe(429);
  });

  test('a forged or another account’s device cookie counts as a clean browser', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '3/15m' } });
    const owner = await ownerWithDevice(t);
    const other = await ownerWithDevice(t);
    const [, ...rest] = owner.device.split('.');
    const forged = [`${DEVICE_COOKIE}=${other.userId}`, ...rest].join('.');

    for (const [i, cookie] of [forged, other.device, forged].entries())
      expect((await attempt(t, owner.email, 'guess', attackers[i]!, cookie)).statusCode).toBe(401);
    expect((await attempt(t, owner.email, owner.password, attackers[5]!, forged)).statusCode).toBe(429);
    expect((await attempt(t, owner.email, owner.password, OWNER_HOME, owner.device)).statusCode).toBe(200);
  });
});
