import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { apiPaths } from '../../src/shared/api-paths';
import { closeOpenTestApps, createTestApp, type TestApp } from '../helpers/app';
import { request } from '../helpers/requests';

let webDistDir: string;
const SCRIPT = '/assets/index-Ab12Cd34.js';

/** A web build of our own: the real page's markup, pointing at a stand-in script. */
beforeAll(async () => {
  webDistDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-web-'));
  const page = (await readFile('src/web/index.html', 'utf8')).replace(
    /<script type="module" src="[^"]+"><\/script>/,
    `<script type="module" src="${SCRIPT}"></script>`,
  );
  await mkdir(path.join(webDistDir, 'assets'));
  await writeFile(path.join(webDistDir, 'index.html'), page);
  await writeFile(path.join(webDistDir, SCRIPT), 'console.log("app");');
  await writeFile(path.join(webDistDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(() => rm(webDistDir, { recursive: true, force: true }));
afterEach(() => closeOpenTestApps());

function serve(env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({ env, webDistDir });
}

/** `default-src 'self'; script-src 'self'` → { 'default-src': ["'self'"], 'script-src': ["'self'"] } */
function parsePolicy(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe('string');
  const directives: Record<string, string[]> = {};
  for (const part of (header as string).split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives[name.toLowerCase()] = values;
  }
  return directives;
}

const answers = [
  ['an API answer', apiPaths.session, 'application/json'],
  // A path no route serves, on purpose.
  ['an API error', '/api/no-such-endpoint', 'application/json'],
  ["the web app's page", '/', 'text/html'],
  ['a client-side route (the same page)', '/user/dashboard', 'text/html'],
  ['a static script', SCRIPT, 'javascript'],
  ['a static picture', '/favicon.svg', 'image/svg+xml'],
  ['a health check', '/healthz', 'application/json'],
] as const;

describe('every kind of answer carries the security headers', () => {
  test.each(answers)('%s (%s)', async (_, url, contentType) => {
    const t = await serve();

    const response = await request(t.app, 'GET', url);

    expect(response.headers['content-type']).toContain(contentType);
    const policy = parsePolicy(response.headers['content-security-policy']);
    // Scripts only from our own files: no inline script, no eval, no data: or foreign sources.
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'self'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy).not.toHaveProperty('script-src-attr');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    // Served over plain HTTP: HSTS would be wrong (and ignored) here.
    expect(response.headers).not.toHaveProperty('strict-transport-security');
  });
});

const DOCUMENT_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('what a browser renders also gets the headers that only documents need; JSON answers go without them', () => {
  test.each(answers)('%s (%s)', async (_, url, contentType) => {
    const t = await serve();

    const response = await request(t.app, 'GET', url);

    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    const isJson = contentType === 'application/json' && url.startsWith('/api/');
    for (const [name, value] of Object.entries(DOCUMENT_HEADERS)) {
      if (isJson) expect(response.headers, name).not.toHaveProperty(name);
      else expect(response.headers[name], name).toBe(value);
    }
  });

  test('the API docs page is a document', async () => {
    const t = await serve();

    const response = await request(t.app, 'GET', `${apiPaths.apiDocs}/`);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });
});

describe('HSTS', () => {
  test.each(answers)('is sent on %s when the site is public over HTTPS', async (_, url) => {
    const t = await serve({ PUBLIC_URL: 'https://tutors.uni.example' });

    const response = await request(t.app, 'GET', url);

    const hsts = response.headers['strict-transport-security'];
    expect(hsts).toMatch(/^max-age=(\d+); includeSubDomains$/);
    expect(Number(/max-age=(\d+)/.exec(String(hsts))![1])).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
  });
});

/** Every script element of a page that the policy would block: inline code, handlers, javascript: URLs. */
function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [element, attributes = '', body = ''] = match;
    if (!/\bsrc\s*=/i.test(attributes) || body.trim() !== '') found.push(element);
  }
  for (const match of html.matchAll(/<[a-z][^>]*\s(on[a-z]+)\s*=/gi)) found.push(`${match[1]} handler`);
  for (const match of html.matchAll(/\b(?:href|src|action)\s*=\s*["']?\s*javascript:/gi)) found.push(match[0]);
  return found;
}

describe("the web app's page needs no inline script, so the policy can forbid them", () => {
  test('the page source', async () => {
    const page = await readFile('src/web/index.html', 'utf8');

    expect(page).toMatch(/<script type="module" src="[^"]+"><\/script>/);
    expect(inlineScripts(page)).toEqual([]);
  });

  test('the built page, when a build is there (CI builds after these tests)', async () => {
    // Another process may be rebuilding dist/ right now; a page we cannot read is simply not checked.
    const built = await readFile('dist/web/index.html', 'utf8').catch(() => undefined);
    if (built === undefined || !built.includes('</html>')) return;

    expect(inlineScripts(built)).toEqual([]);
  });

  test('the checker itself finds what the policy would block', () => {
    expect(
      inlineScripts(
        '<script>alert(1)</script><script src="/a.js">x()</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">',
      ),
    ).toHaveLength(4);
    expect(inlineScripts('<script type="module" crossorigin src="/assets/a.js"></script>')).toEqual([]);
  });
});
