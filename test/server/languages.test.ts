import { readdir, readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { users } from '../../src/server/db/schema';
import { pageDescriptions } from '../../src/server/lib/page-description';
import { languageFromAcceptLanguage } from '../../src/server/lib/request-language';
import { apiPaths } from '../../src/shared/api-paths';
import { LANGUAGE_COOKIE, type Language } from '../../src/shared/languages';
import { THEME_COOKIE } from '../../src/shared/theme';
import { type Actor, callAs, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { getSessionAccount, postLogin, postSignup } from '../helpers/auth';
import { DEFAULT_TEST_PASSWORD, uniqueEmail } from '../helpers/factories';
import { readLatestMail } from '../helpers/mail';
import { request } from '../helpers/requests';

/** The built pages' head as far as the server rewrites it: the html tag and the description, as in src/web/index.html. */
const HEAD = `<meta\n      name="description"\n      content="${pageDescriptions.en}"\n    />\n<title>Tutorly</title>`;
const APP_PAGE = `<!doctype html>\n<html lang="en"><head>${HEAD}</head><body><div id="root"></div></body></html>`;
const LANDING_PAGE = `<!doctype html>\n<html lang="en"><head>${HEAD}<!-- landing --></head><body></body></html>`;

describe('the best language for an Accept-Language header', () => {
  test.each<[string | undefined, Language | null]>([
    [undefined, null],
    ['', null],
    ['es', 'es'],
    ['es-MX,es;q=0.9,en;q=0.8', 'es'],
    ['ar-EG', 'ar'],
    ['fr-FR,fr;q=0.9,ar;q=0.8,en;q=0.7', 'ar'],
    ['en;q=0.5, es;q=0.8', 'es'],
    ['en-US,en;q=0.9,es;q=0.9', 'en'],
    ['ES-mx', 'es'],
    ['de, fr;q=0.5', null],
    ['*', 'en'],
    ['es;q=0, ar;q=0.1', 'ar'],
    ['es;q=0', null],
    ['zh-Hant-TW, es-419;q=0.3', 'es'],
    ['es;q=abc', null],
  ])('%s → %s', (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});

let webDistDir: string;
beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-languages-'));
  await writeFile(path.join(webDistDir, 'index.html'), APP_PAGE);
  await writeFile(path.join(webDistDir, 'landing.html'), LANDING_PAGE);
});
afterAll(() => rm(webDistDir, { recursive: true, force: true }));

let t: TestApp;
let student: Actor;
beforeEach(async () => {
  t = await createTestApp({ webDistDir });
  student = await signedInStudent(t, 'Lena Language');
});
afterEach(() => t.close());

const languageCookie = (response: LightMyRequestResponse) => response.cookies.find((c) => c.name === LANGUAGE_COOKIE);
const storedLanguage = async (userId = student.user.id) =>
  (await t.db.select({ language: users.language }).from(users).where(eq(users.id, userId)))[0]!.language;
const setLanguage = (userId: string, language: Language) =>
  t.db.update(users).set({ language }).where(eq(users.id, userId));

/** The raw source of the newest mail in the outbox, HTML part included. */
async function latestRawMail(): Promise<string> {
  const files = (await readdir(t.outboxDir)).filter((file) => file.endsWith('.eml')).sort();
  return (await readFile(path.join(t.outboxDir, files.at(-1)!))).toString('utf8');
}

describe('the language an account chooses', () => {
  test('is none until chosen; Spanish is stored, reported and set as a cookie for a year', async () => {
    expect(await getSessionAccount(t.app, student.cookie)).toMatchObject({ language: null });

    const response = await callAs(t, student, 'PATCH', apiPaths.account, { language: 'es' });

    expect(response.statusCode).toBe(200);
    expect(response.json().account.language).toBe('es');
    expect(await storedLanguage()).toBe('es');
    expect(await getSessionAccount(t.app, student.cookie)).toMatchObject({ language: 'es' });
    const cookie = languageCookie(response);
    expect(cookie).toMatchObject({ value: 'es', path: '/', sameSite: 'Lax', maxAge: 365 * 24 * 60 * 60 });
    // The page writes the same cookie for a visitor who is signed out.
    expect(cookie?.httpOnly).toBeFalsy();
  });

  test('an unknown language is refused with a clear message, and nothing changes', async () => {
    for (const language of ['fr', 'ES', '', null, 3]) {
      const response = await callAs(t, student, 'PATCH', apiPaths.account, { language });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'validation_error' });
      expect(JSON.stringify(response.json().error)).toContain('Choose English, Spanish or Arabic.');
    }
    expect(await storedLanguage()).toBeNull();
  });

  test('the session answer brings a stale cookie up to date, and leaves a current one alone', async () => {
    await setLanguage(student.user.id, 'ar');
    const stale = await request(t.app, 'GET', apiPaths.session, { as: `${student.cookie}; ${LANGUAGE_COOKIE}=es` });
    expect(languageCookie(stale)?.value).toBe('ar');
    const current = await request(t.app, 'GET', apiPaths.session, { as: `${student.cookie}; ${LANGUAGE_COOKIE}=ar` });
    expect(languageCookie(current)).toBeUndefined();
    // Signed out, the visitor's own choice stays.
    expect(languageCookie(await request(t.app, 'GET', apiPaths.session, { as: `${LANGUAGE_COOKIE}=es` }))).toBe(
      undefined,
    );
  });

  test("logging in on a new device sets the account's language there; an account without one leaves the device's", async () => {
    await setLanguage(student.user.id, 'ar');
    const withLanguage = await postLogin(t.app, { email: student.user.email, password: DEFAULT_TEST_PASSWORD });
    expect(withLanguage.statusCode).toBe(200);
    expect(languageCookie(withLanguage)?.value).toBe('ar');

    await t.db.update(users).set({ language: null }).where(eq(users.id, student.user.id));
    const without = await postLogin(
      t.app,
      { email: student.user.email, password: DEFAULT_TEST_PASSWORD },
      { headers: { cookie: `${LANGUAGE_COOKIE}=es` } },
    );
    expect(without.statusCode).toBe(200);
    expect(languageCookie(without)).toBeUndefined();
  });
});

describe('pages come with the language and its direction in their first bytes', () => {
  const get = (url: string, headers: Record<string, string> = {}) => request(t.app, 'GET', url, { headers });

  test('the account (through its cookie) before the cookie, the cookie before Accept-Language, English last', async () => {
    const cases: [Record<string, string>, string][] = [
      [{}, '<html lang="en">'],
      [{ 'accept-language': 'es-MX,es;q=0.9' }, '<html lang="es" dir="ltr">'],
      [{ 'accept-language': 'de-DE,ar;q=0.5' }, '<html lang="ar" dir="rtl">'],
      [{ 'accept-language': 'es', cookie: `${LANGUAGE_COOKIE}=ar` }, '<html lang="ar" dir="rtl">'],
      [{ 'accept-language': 'ar', cookie: `${LANGUAGE_COOKIE}=en` }, '<html lang="en">'],
      // A cookie of no language of ours is ignored, never written into the page.
      [{ 'accept-language': 'es', cookie: `${LANGUAGE_COOKIE}=%22%3E%3Cscript%3E` }, '<html lang="es" dir="ltr">'],
      [{ cookie: `${LANGUAGE_COOKIE}=es; ${THEME_COOKIE}=dark` }, '<html data-theme="dark" lang="es" dir="ltr">'],
    ];
    for (const url of ['/user/tutors', '/']) {
      for (const [headers, tag] of cases) {
        const response = await get(url, headers);
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain(tag);
        expect(response.body.match(/<html\b/g)).toHaveLength(1);
        expect(response.headers.vary).toContain('cookie');
        expect(response.headers.vary).toContain('accept-language');
      }
    }
  });

  test("the pages' description is in their language; English is the built page's own", async () => {
    for (const page of ['src/web/index.html', 'src/web/landing.html'])
      expect((await readFile(page, 'utf8')).replace(/\s+/g, ' ')).toContain(
        `name="description" content="${pageDescriptions.en}"`,
      );
    for (const url of ['/user/tutors', '/']) {
      for (const language of ['es', 'ar'] as const) {
        const body = (await get(url, { cookie: `${LANGUAGE_COOKIE}=${language}` })).body;
        expect(body).toContain(`content="${pageDescriptions[language]}"`);
        expect(body).not.toContain(pageDescriptions.en);
      }
      expect((await get(url)).body).toContain(`content="${pageDescriptions.en}"`);
    }
  });

  test('the CSP stays strict: no inline script is needed for the language', async () => {
    const response = await get('/user/tutors', { cookie: `${LANGUAGE_COOKIE}=ar` });
    expect(response.body).not.toContain('<script>');
    const csp = String(response.headers['content-security-policy'] ?? '');
    const scriptSource = /script-src ([^;]*)/.exec(csp)?.[1];
    expect(scriptSource).toBeDefined();
    expect(scriptSource).not.toContain('unsafe-inline');
  });

  test('choosing Arabic signed in serves the next page right to left', async () => {
    const chosen = await callAs(t, student, 'PATCH', apiPaths.account, { language: 'ar' });
    const cookie = `${student.cookie}; ${LANGUAGE_COOKIE}=${languageCookie(chosen)!.value}`;
    expect((await get('/user/profile', { cookie, 'accept-language': 'en' })).body).toContain(
      '<html lang="ar" dir="rtl">',
    );
  });
});

describe('mails in their recipient’s language', () => {
  test('sign-up keeps the language of the page it was made in, and its verification mail is in it', async () => {
    const email = uniqueEmail('sofia');
    const response = await postSignup(
      t.app,
      { name: 'Sofía', email, password: DEFAULT_TEST_PASSWORD },
      { headers: { 'accept-language': 'es-AR,es;q=0.9,en;q=0.5' } },
    );
    expect(response.statusCode).toBe(201);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user!.language).toBe('es');
    const mail = await readLatestMail(t.outboxDir);
    expect(mail.subject).toBe('Verifica tu correo para Tutorly');
    expect(mail.text).toContain('Confirma tu dirección de correo');

    const fromCookie = uniqueEmail('amal');
    await postSignup(
      t.app,
      { name: 'Amal', email: fromCookie, password: DEFAULT_TEST_PASSWORD },
      { headers: { cookie: `${LANGUAGE_COOKIE}=ar`, 'accept-language': 'es' } },
    );
    expect(await storedLanguage((await t.db.select().from(users).where(eq(users.email, fromCookie)))[0]!.id)).toBe(
      'ar',
    );
    expect((await readLatestMail(t.outboxDir)).subject).toBe('أكِّد بريدك الإلكتروني في Tutorly');
    const raw = await latestRawMail();
    expect(raw).toMatch(/<html lang=3D"ar" dir=3D"rtl">|<html lang="ar" dir="rtl">/);
  });

  test("a password reset goes in the account's language, not the asking browser's", async () => {
    await setLanguage(student.user.id, 'es');
    await request(t.app, 'POST', apiPaths.passwordReset, {
      payload: { email: student.user.email },
      headers: { 'accept-language': 'ar' },
    });
    const mail = await readLatestMail(t.outboxDir);
    expect(mail.subject).toBe('Restablece tu contraseña de Tutorly');
    expect(mail.text).toContain('Hola:');
    expect(mail.text).toContain('Elige una nueva contraseña aquí:');
  });

  test('an Arabic account gets its mails in Arabic, written right to left', async () => {
    await setLanguage(student.user.id, 'ar');
    await request(t.app, 'POST', apiPaths.passwordReset, { payload: { email: student.user.email } });
    const mail = await readLatestMail(t.outboxDir);
    expect(mail.subject).toBe('إعادة تعيين كلمة المرور في Tutorly');
    expect(mail.text).toContain('مرحبًا،');
    expect(await latestRawMail()).toMatch(/<html lang=3D"ar" dir=3D"rtl">|<html lang="ar" dir="rtl">/);
  });

  test('English mails are as they were', async () => {
    await request(t.app, 'POST', apiPaths.passwordReset, { payload: { email: student.user.email } });
    const mail = await readLatestMail(t.outboxDir);
    expect(mail.subject).toBe('Reset your Tutorly password');
    expect(mail.text.startsWith('Hello,\n\nSomeone asked to reset the password of your Tutorly account.')).toBe(true);
  });
});
