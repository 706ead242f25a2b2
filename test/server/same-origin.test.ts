import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { users } from '../../src/server/db/schema';
import { signedInStudent, type Actor } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createUserRecord } from '../helpers/factories';

const PUBLIC_URL = 'https://tutors.uni.example';
const refusal = {
  error: {
    code: 'cross_site',
    message: 'This request came from another website and was refused. Please make the change on this site itself.',
  },
};

let t: TestApp;
let student: Actor;
beforeEach(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
  student = await signedInStudent(t, 'Original Name');
});
afterEach(() => t.close());

function rename(headers: Record<string, string>, name = 'Changed By Someone') {
  return t.app.inject({
    method: 'PATCH',
    url: '/api/account',
    headers: { cookie: student.cookie, ...headers },
    payload: { name },
  });
}

async function storedName(): Promise<string> {
  const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, student.user.id));
  return row!.name;
}

describe('a state-changing request from another site', () => {
  test.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    [
      'Sec-Fetch-Site: same-site (a neighbouring subdomain)',
      { 'sec-fetch-site': 'same-site', origin: 'https://blog.uni.example' },
    ],
    ['a foreign Origin from a browser without Sec-Fetch-Site', { origin: 'https://evil.example' }],
    ['Origin: null (a sandboxed frame)', { origin: 'null' }],
    ['a foreign Origin on another port of the same host', { origin: 'https://tutors.uni.example:8443' }],
  ])('is refused with 403 and changes nothing: %s', async (_, headers) => {
    const response = await rename(headers);

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(refusal);
    expect(await storedName()).toBe('Original Name');
  });

  test('is refused before it reaches login, sign-up or logout', async () => {
    const { user, password } = await createUserRecord(t.db);
    const crossSite = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };

    const loginResponse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: crossSite,
      payload: { email: user.email, password },
    });
    const signupResponse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: crossSite,
      payload: { name: 'Forced', email: 'forced@uni.example', password: 'long-enough-password' },
    });
    const logoutResponse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...crossSite, cookie: student.cookie },
    });

    for (const response of [loginResponse, signupResponse, logoutResponse]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refusal);
      expect(response.cookies).toHaveLength(0);
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'forced@uni.example'))).toHaveLength(0);
  });

  test('reading stays open: a cross-site GET is answered', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    });

    expect(response.statusCode).toBe(200);
  });
});

describe('a state-changing request from this site', () => {
  test.each([
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL }],
    ['Sec-Fetch-Site: none (typed or bookmarked by the user)', { 'sec-fetch-site': 'none' }],
    ['the public Origin from a browser without Sec-Fetch-Site', { origin: PUBLIC_URL }],
    [
      'the Origin the request was sent to (a second address of the same server)',
      { origin: 'http://10.1.2.3:3000', host: '10.1.2.3:3000' },
    ],
    ['no Origin and no Sec-Fetch-Site (curl, scripts)', {}],
  ])('is served: %s', async (_, headers) => {
    const response = await rename(headers, 'Renamed');

    expect(response.statusCode).toBe(200);
    expect(await storedName()).toBe('Renamed');
  });
});
