import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { users } from '../../src/server/db/schema';
import { apiPaths } from '../../src/shared/api-paths';
import { signedInStudent, type Actor } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { postLogin, postSignup } from '../helpers/auth';
import { createUserRecord } from '../helpers/factories';
import { request } from '../helpers/requests';

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
    const response = await request(t.app, 'PATCH', apiPaths.account, {
      as: student,
      headers,
      payload: { name: 'Changed By Someone' },
    });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(refusal);
    expect(await storedName()).toBe('Original Name');
  });

  test('is refused before it reaches login, sign-up or logout', async () => {
    const { user, password } = await createUserRecord(t.db);
    const crossSite = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };

    const loginResponse = await postLogin(t.app, { email: user.email, password }, { headers: crossSite });
    const signupResponse = await postSignup(
      t.app,
      { name: 'Forced', email: 'forced@uni.example', password: 'long-enough-password' },
      { headers: crossSite },
    );
    const logoutResponse = await request(t.app, 'POST', apiPaths.logout, {
      as: student,
      headers: { ...crossSite },
    });

    for (const response of [loginResponse, signupResponse, logoutResponse]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refusal);
      expect(response.cookies).toHaveLength(0);
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'forced@uni.example'))).toHaveLength(0);
  });

  test('reading stays open: a cross-site GET is answered', async () => {
    const response = await request(t.app, 'GET', apiPaths.publicSettings, {
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
    const response = await request(t.app, 'PATCH', apiPaths.account, {
      as: student,
      headers,
      payload: { name: 'Renamed' },
    });

    expect(response.statusCode).toBe(200);
    expect(await storedName()).toBe('Renamed');
  });
});
