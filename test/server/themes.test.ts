import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { users } from '../../src/server/db/schema';
import { apiPaths } from '../../src/shared/api-paths';
import { THEME_COOKIE } from '../../src/shared/theme';
import { precompressDirectory } from '../../tools/build/precompress';
import { type Actor, callAs, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { getSessionAccount, postLogin } from '../helpers/auth';
import { createUserRecord } from '../helpers/factories';
import { request } from '../helpers/requests';

const APP_PAGE =
  '<!doctype html>\n<html lang="en"><head><title>Tutorly</title></head><body><div id="root"></div></body></html>';
const LANDING_PAGE =
  '<!doctype html>\n<html lang="en"><head><title>Tutorly</title><!-- landing --></head><body></body></html>';

let webDistDir: string;
beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-themes-'));
  await writeFile(path.join(webDistDir, 'index.html'), APP_PAGE);
  await writeFile(path.join(webDistDir, 'landing.html'), LANDING_PAGE);
  await precompressDirectory(webDistDir);
});
afterAll(() => rm(webDistDir, { recursive: true, force: true }));

let t: TestApp;
let student: Actor;
beforeEach(async () => {
  t = await createTestApp({ webDistDir });
  student = await signedInStudent(t, 'Theo Theme');
});
afterEach(() => t.close());

const themeCookie = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === THEME_COOKIE);
const storedTheme = async () =>
  (await t.db.select({ theme: users.theme }).from(users).where(eq(users.id, student.user.id)))[0]!.theme;

describe('the theme an account chooses', () => {
  test('is System until chosen, on the session and the profile', async () => {
    expect(await getSessionAccount(t.app, student.cookie)).toMatchObject({ theme: 'system' });
    expect(await storedTheme()).toBe('system');
  });

  test('Dark is stored, reported, and set as a cookie the pages are served with for a year', async () => {
    const response = await callAs(t, student, 'PATCH', apiPaths.account, { theme: 'dark' });

    expect(response.statusCode).toBe(200);
    expect(response.json().account.theme).toBe('dark');
    expect(await storedTheme()).toBe('dark');
    expect(await getSessionAccount(t.app, student.cookie)).toMatchObject({ theme: 'dark' });
    const cookie = themeCookie(response);
    expect(cookie).toMatchObject({ value: 'dark', path: '/', sameSite: 'Lax', maxAge: 365 * 24 * 60 * 60 });
    // The page writes the same cookie for a visitor who is signed out.
    expect(cookie?.httpOnly).toBeFalsy();
  });

  test('System clears the cookie; a change of name alone leaves it be', async () => {
    await callAs(t, student, 'PATCH', apiPaths.account, { theme: 'light' });

    const renamed = await callAs(t, student, 'PATCH', apiPaths.account, { name: 'Theo T.' });
    expect(themeCookie(renamed)).toBeUndefined();
    expect(renamed.json().account.theme).toBe('light');

    const response = await request(t.app, 'PATCH', apiPaths.account, {
      as: `${student.cookie}; ${THEME_COOKIE}=light`,
      payload: { theme: 'system' },
    });
    expect(response.json().account.theme).toBe('system');
    expect(await storedTheme()).toBe('system');
    const cleared = themeCookie(response);
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
  });

  test.each([['blue'], [''], [null], [1], ['Dark']])(
    '%j is refused with its field and nothing changes',
    async (theme) => {
      await callAs(t, student, 'PATCH', apiPaths.account, { theme: 'dark' });

      const response = await callAs(t, student, 'PATCH', apiPaths.account, { name: 'Changed', theme });

      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'validation_error',
        fields: [{ path: 'theme', message: 'Choose System, Light or Dark.' }],
      });
      expect(themeCookie(response)).toBeUndefined();
      expect(await getSessionAccount(t.app, student.cookie)).toMatchObject({ name: 'Theo Theme', theme: 'dark' });
    },
  );

  test('signing in on a new device brings the account’s theme to it, and System clears a visitor’s choice', async () => {
    const { user, password } = await createUserRecord(t.db, { verified: true });
    await t.db.update(users).set({ theme: 'dark' }).where(eq(users.id, user.id));

    const dark = await postLogin(t.app, { email: user.email, password });
    expect(themeCookie(dark)).toMatchObject({ value: 'dark', path: '/' });

    await t.db.update(users).set({ theme: 'system' }).where(eq(users.id, user.id));
    const system = await postLogin(
      t.app,
      { email: user.email, password },
      { headers: { cookie: `${THEME_COOKIE}=light` } },
    );
    expect(themeCookie(system)?.value).toBe('');
    // Nothing to clear on a device without a choice.
    const plain = await postLogin(t.app, { email: user.email, password });
    expect(themeCookie(plain)).toBeUndefined();
  });

  test('the session brings a device up to date with a theme chosen on another', async () => {
    await t.db.update(users).set({ theme: 'dark' }).where(eq(users.id, student.user.id));

    const stale = await request(t.app, 'GET', apiPaths.session, { as: `${student.cookie}; ${THEME_COOKIE}=light` });
    expect(themeCookie(stale)?.value).toBe('dark');
    const current = await request(t.app, 'GET', apiPaths.session, { as: `${student.cookie}; ${THEME_COOKIE}=dark` });
    expect(themeCookie(current)).toBeUndefined();
    // Signed out, the visitor's own choice stays.
    expect(themeCookie(await request(t.app, 'GET', apiPaths.session, { as: `${THEME_COOKIE}=light` }))).toBeUndefined();
  });
});

describe('pages come in the theme of the cookie, in their first bytes', () => {
  const get = (url: string, cookie?: string, acceptEncoding?: string) =>
    request(t.app, 'GET', url, {
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
    });

  test.each([
    ['br', (body: Buffer) => zlib.brotliDecompressSync(body).toString()],
    ['gzip', (body: Buffer) => zlib.gunzipSync(body).toString()],
    [undefined, (body: Buffer) => body.toString()],
  ])('dark and light on the app and the landing page (%s)', async (encoding, decode) => {
    for (const [url, page] of [
      ['/user/tutors', APP_PAGE],
      ['/', LANDING_PAGE],
    ] as const) {
      for (const theme of ['dark', 'light']) {
        const response = await get(url, `${THEME_COOKIE}=${theme}`, encoding);

        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.headers.vary).toContain('cookie');
        expect(decode(response.rawPayload)).toBe(page.replace('<html lang', `<html data-theme="${theme}" lang`));
      }
    }
  });

  test('without a cookie, or with one of no theme, the page as built: the system decides', async () => {
    for (const cookie of [undefined, `${THEME_COOKIE}=system`, `${THEME_COOKIE}=%22%3E%3Cscript%3E`]) {
      const response = await get('/user/tutors', cookie);
      expect(response.body).toBe(APP_PAGE);
      expect(response.headers.vary).toContain('cookie');
    }
    expect((await get('/', undefined, 'gzip')).headers['content-encoding']).toBe('gzip');
  });
});
