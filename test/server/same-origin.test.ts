import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  auditLog,
  notifications,
  reviewReports,
  reviews,
  sessions,
  settings,
  tutors,
  users,
} from '../../src/server/db/schema';
import { apiPaths } from '../../src/shared/api-paths';
import { signedInStudent, type Actor } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { postLogin, postSignup } from '../helpers/auth';
import { createWorld, type World, type WorldActor, worldActors } from '../helpers/authorization-world';
import { createUserRecord } from '../helpers/factories';
import { documentedOperations, fetchOpenApi, fillPath, withQuery } from '../helpers/openapi';
import { request } from '../helpers/requests';
import { authorizationMatrix, type MatrixEntry } from './authorization-matrix.expected';

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

/** A documented write, called by the first actor the matrix lets through, with its valid params and body. */
interface WriteCall {
  key: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as a browser sends it, starting with /api/. */
  path: string;
  cookie: string | undefined;
  body: object | undefined;
  multipart: boolean;
}

// The first that may make the call; someone else's review (a helpful vote) only another student may.
const ACTOR_PREFERENCE: WorldActor[] = ['admin', 'student', 'otherStudent', 'unverified', 'anonymous'];

async function documentedWrites(world: World): Promise<WriteCall[]> {
  const calls: WriteCall[] = [];
  for (const operation of documentedOperations(await fetchOpenApi(t.app))) {
    if (operation.method === 'GET' || operation.method === 'HEAD') continue;
    const entry: MatrixEntry | undefined = authorizationMatrix[operation.key];
    if (!entry) throw new Error(`${operation.key} is missing from authorization-matrix.expected.ts`);
    // Someone the route serves; where it serves nobody in this world (a second step nobody has
    // pending), someone it reads the body for, so the body's type is what gets judged.
    const status = (a: WorldActor) => entry.statuses[worldActors.indexOf(a)]!;
    const actor =
      ACTOR_PREFERENCE.find((a) => status(a) < 300) ??
      ACTOR_PREFERENCE.find((a) => status(a) !== 401 && status(a) !== 403)!;
    calls.push({
      key: operation.key,
      method: operation.method,
      path: withQuery(fillPath(operation.path, entry.params?.(world) ?? {}), entry.query?.(world)),
      cookie: world.cookies[actor],
      body: entry.body?.(world) as object | undefined,
      multipart: operation.multipart,
    });
  }
  return calls;
}

/** What a write could change; compared before and after, so a refusal is seen to change nothing. */
async function everythingWritable(): Promise<unknown[]> {
  return Promise.all(
    [users, sessions, tutors, reviews, reviewReports, notifications, settings, auditLog].map((table) =>
      t.db.select().from(table),
    ),
  );
}

/** Spellings of /api/ the router decodes to the same routes. */
const encodedApiPrefixes = ['/%61pi/', '/a%70i/', '/ap%69/', '/%61%70%69/'];

describe('every documented write, whatever the spelling of its path', () => {
  test(
    'is refused from another site: encoded paths, a sibling subdomain, body-less POSTs',
    { timeout: 120_000 },
    async () => {
      const world = await createWorld(t, 'cross-site');
      const writes = await documentedWrites(world);
      expect(writes.length).toBeGreaterThan(25);
      const before = await everythingWritable();
      const foreignPages: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        { 'sec-fetch-site': 'same-site', origin: 'https://students.uni.example' },
        { origin: 'https://students.uni.example' },
      ];

      const answered: string[] = [];
      for (const write of writes) {
        const rest = write.path.slice('/api/'.length);
        for (const prefix of ['/api/', ...encodedApiPrefixes]) {
          for (const headers of foreignPages) {
            // A form or fetch() from the foreign page: no body on a body-less route, else the JSON one.
            const response = await request(t.app, write.method, prefix + rest, {
              as: write.cookie,
              headers,
              payload: write.multipart ? undefined : write.body,
            });
            if (response.statusCode !== 403 || response.json<{ error: { code: string } }>().error.code !== 'cross_site')
              answered.push(`${write.method} ${prefix}${rest} ${JSON.stringify(headers)}: ${response.statusCode}`);
            else expect(response.cookies).toHaveLength(0);
          }
        }
      }

      expect(answered, 'writes a foreign page got through').toEqual([]);
      expect(await everythingWritable()).toEqual(before);
    },
  );

  test('refuses text/plain and form bodies on JSON routes, from this site too', { timeout: 120_000 }, async () => {
    const world = await createWorld(t, 'media-type');
    const writes = (await documentedWrites(world)).filter((write) => !write.multipart);
    const before = await everythingWritable();
    const formBodies = [
      ['text/plain', JSON.stringify({})],
      ['text/plain;charset=UTF-8', ''],
      ['application/x-www-form-urlencoded', 'a=1'],
      ['multipart/form-data; boundary=x', '--x--\r\n'],
    ] as const;

    const served: string[] = [];
    for (const write of writes) {
      for (const prefix of ['/api/', '/%61pi/']) {
        const url = prefix + write.path.slice('/api/'.length);
        for (const [contentType, body] of formBodies) {
          const payload = write.body && contentType.startsWith('text/plain') ? JSON.stringify(write.body) : body;
          const response = await request(t.app, write.method, url, {
            as: write.cookie,
            headers: { 'content-type': contentType },
            payload,
          });
          if (
            response.statusCode !== 415 ||
            response.json<{ error: { code: string } }>().error.code !== 'unsupported_media_type'
          )
            served.push(`${write.method} ${url} ${contentType}: ${response.statusCode}`);
        }
      }
    }

    expect(served, 'writes that took a form or text body').toEqual([]);
    expect(await everythingWritable()).toEqual(before);
  });
});
