import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { sessionCookieName } from '../../src/server/plugins/auth';
import { routePathPattern } from '../../src/server/plugins/web-app';
import { apiPaths } from '../../src/shared/api-paths';
import { FIRST_ANSWERS_ELEMENT_ID } from '../../src/shared/first-answers';
import { precompressDirectory } from '../../tools/build/precompress';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../../tools/build/route-budgets';
import { signedInStudent } from '../helpers/actors';
import { closeOpenTestApps, createTestApp } from '../helpers/app';
import { createTutorRecord } from '../helpers/factories';
import { request } from '../helpers/requests';

let webDistDir: string;
const SCRIPT_URL = '/assets/index-Ab12Cd34.js';
const SCRIPT = 'export function greet(name) { return `Hello, ${name}!`; }\n'.repeat(300);
const APP_PAGE =
  '<!doctype html><html lang="en"><head><title>Tutorly</title></head><body><div id="root"></div></body></html>';
const LANDING_PAGE =
  '<!doctype html><html lang="en"><head><title>Tutorly</title><!-- landing --></head><body><div id="root"></div></body></html>';

const routePreloads: RoutePreload[] = [
  { path: '/user/tutors', modules: ['/assets/layout-1.js', '/assets/tutors-1.js'] },
  { path: '/user/tutorprofile/:tutorId?', modules: ['/assets/layout-1.js', '/assets/tutor-profile-1.js'] },
  { path: '/*', modules: ['/assets/not-found-1.js'] },
];

/** A web build of our own, compressed the way `vite build` compresses it. */
beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-web-'));
  await mkdir(path.join(webDistDir, 'assets'));
  await mkdir(path.dirname(path.join(webDistDir, ROUTE_PRELOADS_FILE)));
  await writeFile(path.join(webDistDir, ROUTE_PRELOADS_FILE), JSON.stringify(routePreloads));
  await writeFile(path.join(webDistDir, 'index.html'), APP_PAGE);
  await writeFile(path.join(webDistDir, 'landing.html'), LANDING_PAGE);
  await writeFile(path.join(webDistDir, SCRIPT_URL), SCRIPT);
  await precompressDirectory(webDistDir);
});
afterAll(() => rm(webDistDir, { recursive: true, force: true }));
afterEach(() => closeOpenTestApps());

async function get(url: string, acceptEncoding?: string, options: { signedIn?: boolean } = {}) {
  const t = await createTestApp({ webDistDir });
  return request(t.app, 'GET', url, {
    // Only whether a session cookie is sent matters to the page; the API checks the session itself.
    as: options.signedIn ? `${sessionCookieName(t.app.config)}=a-session-token` : undefined,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

describe('static files are sent in the compressed copy the browser accepts', () => {
  test('brotli when accepted, decompressing to the file', async () => {
    const response = await get(SCRIPT_URL, 'gzip, deflate, br');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.rawPayload.byteLength).toBeLessThan(SCRIPT.length / 5);
  });

  test('gzip when only gzip is accepted', async () => {
    const response = await get(SCRIPT_URL, 'gzip');

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  test.each([
    ['no Accept-Encoding', undefined],
    ['identity only', 'identity'],
  ])('the file as it is with %s', async (_, acceptEncoding) => {
    const response = await get(SCRIPT_URL, acceptEncoding);

    expect(response.statusCode).toBe(200);
    expect(response.headers).not.toHaveProperty('content-encoding');
    expect(response.body).toBe(SCRIPT);
    // A shared cache must not hand this copy to a browser that accepts a compressed one.
    expect(response.headers.vary).toContain('accept-encoding');
  });

  test('hashed assets are cached for a year, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const response = await get(SCRIPT_URL, encoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});

describe('pages', () => {
  test('a client-side route gets the app page, compressed, revalidated on every visit', async () => {
    const response = await get('/user/tutors?sort=rating', 'br');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(APP_PAGE);
  });

  test('a client-side route without compression', async () => {
    const response = await get('/admin/users');

    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(APP_PAGE);
  });

  test('`/` gets the landing page with its own lean bundle', async () => {
    const response = await get('/', 'gzip');

    expect(response.headers['cache-control']).toBe('no-cache');
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(LANDING_PAGE);
    expect((await get('/?from=mail')).body).toBe(LANDING_PAGE);
  });

  test('a build without a landing page serves the app page at `/` too', async () => {
    const appOnly = await mkdtemp(path.join(os.tmpdir(), 'tutorly-web-'));
    try {
      await writeFile(path.join(appOnly, 'index.html'), APP_PAGE);
      const t = await createTestApp({ webDistDir: appOnly });

      const response = await request(t.app, 'GET', '/');

      expect(response.body).toBe(APP_PAGE);
    } finally {
      await rm(appOnly, { recursive: true, force: true });
    }
  });
});

describe("a client route's lazy modules are announced with its page", () => {
  test.each([
    ['/user/tutors', '</assets/layout-1.js>; rel=modulepreload, </assets/tutors-1.js>; rel=modulepreload'],
    ['/User/Tutors/?q=ada', '</assets/layout-1.js>; rel=modulepreload, </assets/tutors-1.js>; rel=modulepreload'],
    [
      '/user/tutorprofile/4b1c9f6e-2a7d-4c55-9d0b-1f2e3a4b5c6d',
      '</assets/layout-1.js>; rel=modulepreload, </assets/tutor-profile-1.js>; rel=modulepreload',
    ],
    ['/user/tutorprofile', '</assets/layout-1.js>; rel=modulepreload, </assets/tutor-profile-1.js>; rel=modulepreload'],
    ['/no/such/page', '</assets/not-found-1.js>; rel=modulepreload'],
  ])('%s', async (url, link) => {
    const response = await get(url, 'br');

    expect(response.headers.link).toBe(link);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(APP_PAGE);
  });

  test('not for the landing page, whose HTML names its own, nor for the API', async () => {
    expect((await get('/')).headers).not.toHaveProperty('link');
    // A path no route serves, on purpose: an API answer of any kind.
    expect((await get('/api/no-such-endpoint')).headers).not.toHaveProperty('link');
  });

  test('React Router paths as patterns', () => {
    expect(routePathPattern('/')).toEqual(/^\/?$/i);
    const profile = routePathPattern('/admin/teacher/fullprofile/:tutorId?');
    expect(
      ['/admin/teacher/fullprofile', '/admin/teacher/fullprofile/x1', '/ADMIN/teacher/fullprofile/x1/'].map((p) =>
        profile.test(p),
      ),
    ).toEqual([true, true, true]);
    expect(
      ['/admin/teacher/fullprofile/x1/more', '/admin/teacher', '/admin/teacher/fullprofileX'].map((p) =>
        profile.test(p),
      ),
    ).toEqual([false, false, false]);
    expect(routePathPattern('/user/SubmitReview/:reviewId').test('/user/SubmitReview')).toBe(false);
    expect(routePathPattern('/a.b').test('/aXb')).toBe(false);
    expect(routePathPattern('/*').test('/any/thing/at/all')).toBe(true);
  });
});

describe('a signed-in page carries its first answers, as its queries will ask for them', () => {
  /** The answers written into the page, by URL; undefined when it carries none. */
  function carriedAnswers(html: string): Record<string, unknown> | undefined {
    const element = new RegExp(
      `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">([^<]*)</script></head>`,
    ).exec(html);
    return element ? (JSON.parse(element[1]!) as Record<string, unknown>) : undefined;
  }

  async function signedInPage(url: string) {
    const t = await createTestApp({ webDistDir });
    const student = await signedInStudent(t);
    const tutor = await createTutorRecord(t.db, { name: 'Ada </script><script>alert(1)</script> Byron' });
    const page = await request(t.app, 'GET', url.replace(':tutorId', tutor.id), {
      as: student,
      headers: { 'accept-encoding': 'br' },
    });
    const html = zlib.brotliDecompressSync(page.rawPayload).toString();
    const apiAnswer = async (answerUrl: string) => (await request(t.app, 'GET', answerUrl, { as: student })).json();
    return { page, html, tutor, apiAnswer };
  }

  test.each([
    ['/user/tutors', () => ['/api/tutors?sort=rating&page=1', '/api/tutors/departments']],
    [
      '/user/tutors?q=%20ada%20&department=Physics&sort=name&page=2',
      () => ['/api/tutors?q=ada&department=Physics&sort=name&page=2', '/api/tutors/departments'],
    ],
    ['/user/tutors?sort=nonsense&page=-1', () => ['/api/tutors?sort=rating&page=1', '/api/tutors/departments']],
    [
      '/user/tutorprofile/:tutorId',
      (tutorId: string) => [
        `/api/tutors/${tutorId}`,
        `/api/tutors/${tutorId}/reviews?page=1`,
        `/api/reviews/mine?tutorId=${tutorId}&pageSize=1`,
        `/api/tutors/${tutorId}/review-summary`,
        '/api/tutors/claims/mine',
      ],
    ],
    [
      '/user/tutorprofile/:tutorId?reviewsPage=3',
      (tutorId: string) => [
        `/api/tutors/${tutorId}`,
        `/api/tutors/${tutorId}/reviews?page=3`,
        `/api/reviews/mine?tutorId=${tutorId}&pageSize=1`,
        `/api/tutors/${tutorId}/review-summary`,
        '/api/tutors/claims/mine',
      ],
    ],
  ])('%s', async (url, pageDataUrls) => {
    const { page, html, tutor, apiAnswer } = await signedInPage(url);
    const answers = carriedAnswers(html)!;

    expect(Object.keys(answers)).toEqual([apiPaths.session, apiPaths.publicSettings, ...pageDataUrls(tutor.id)]);
    for (const [answerUrl, body] of Object.entries(answers))
      expect(body, answerUrl).toEqual(await apiAnswer(answerUrl));
    // The account's own data, for this browser alone; the route's scripts still announced.
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.link).toContain('rel=modulepreload');
    expect(page.headers.link).not.toContain('rel=preload;');
  });

  test("no text in an answer can end the data element: a tutor's name with </script> stays inside it", async () => {
    const { html, tutor } = await signedInPage('/user/tutorprofile/:tutorId');

    expect(html).not.toContain('<script>alert(1)');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect((carriedAnswers(html)![apiPaths.tutor(tutor.id)] as { tutor: { name: string } }).tutor.name).toBe(
      'Ada </script><script>alert(1)</script> Byron',
    );
  });

  test("the page's own preload of an answer it carries goes, and the session's cookies come with it", async () => {
    const t = await createTestApp({ webDistDir });
    const student = await signedInStudent(t);
    // Its language changed on another device: the session answer brings this browser's lang cookie up to date.
    await request(t.app, 'PATCH', apiPaths.account, { as: student, payload: { language: 'es' } });
    const page = await request(t.app, 'GET', '/user/dashboard', { as: `${student.cookie}; lang=en` });

    expect(carriedAnswers(page.body)).toHaveProperty([apiPaths.session]);
    expect(page.body).not.toContain(`href="${apiPaths.session}"`);
    expect(String(page.headers['set-cookie'])).toContain('lang=es');
  });

  test('an ended session carries who is signed in (no one) and leaves the refused answers to the page', async () => {
    const page = await get('/user/tutors', undefined, { signedIn: true });
    const answers = carriedAnswers(page.body);

    expect(answers).toEqual({
      [apiPaths.session]: { account: null, secondFactorStep: null },
      [apiPaths.publicSettings]: expect.any(Object),
    });
  });

  test('none for a visitor without a session, or for a HEAD request', async () => {
    const t = await createTestApp({ webDistDir });
    const student = await signedInStudent(t);
    for (const [method, as] of [
      ['GET', undefined],
      ['HEAD', student],
    ] as const) {
      const page = await request(t.app, method, '/user/tutors', { as });
      expect(page.body, method).not.toContain(FIRST_ANSWERS_ELEMENT_ID);
      expect(String(page.headers.link), method).not.toContain('rel=preload;');
    }
  });
});

test('API answers are never compressed (the AI draft stream must reach the browser as written)', async () => {
  const response = await get(apiPaths.session, 'gzip, deflate, br');

  expect(response.statusCode).toBe(200);
  expect(response.headers).not.toHaveProperty('content-encoding');
  expect(response.json()).toEqual({ account: null, secondFactorStep: null });
});

describe('assets', () => {
  test('a hashed asset is cached for good', async () => {
    const response = await get(SCRIPT_URL);

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('an asset the build does not have is a 404 nobody caches, never the app page', async () => {
    const response = await get('/assets/all-reviews-Zz99Yy88.js', 'gzip, deflate, br');

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).not.toContain('<html');
    expect(response.json().error.code).toBe('not_found');
  });
});
