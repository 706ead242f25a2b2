import { afterEach, beforeEach, describe, expect, onTestFinished, test } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../src/server/app';
import { SESSION_COOKIE } from '../../src/server/plugins/auth';
import { findUserByEmail } from '../../src/server/services/accounts/users';
import { apiPaths } from '../../src/shared/api-paths';
import { createTestApp, type TestApp } from '../helpers/app';
import { postLogin, postVerifyEmail, signUp } from '../helpers/auth';
import { openTestDatabase } from '../helpers/database';
import { readLatestMail, verificationParams } from '../helpers/mail';
import { request } from '../helpers/requests';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('health checks', () => {
  test('/healthz and /readyz answer 200 while the database is up', async () => {
    const health = await request(t.app, 'GET', '/healthz');
    const ready = await request(t.app, 'GET', '/readyz');

    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok', detail: { outages: [] } }]);
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
  });

  test('/readyz answers 503 once the database is gone, /healthz stays 200', async () => {
    const database = await openTestDatabase();
    onTestFinished(() => database.close());
    const own = await createTestApp({ database });
    onTestFinished(() => own.close());

    await database.close();

    const ready = await request(own.app, 'GET', '/readyz');
    expect([ready.statusCode, ready.json()]).toEqual([503, { status: 'unavailable', outages: [] }]);
    expect((await request(own.app, 'GET', '/healthz')).statusCode).toBe(200);

    // API requests get a clear, retryable answer rather than a generic failure.
    const settings = await request(own.app, 'GET', apiPaths.publicSettings);
    expect(settings.statusCode).toBe(503);
    expect(settings.json().error.code).toBe('service_unavailable');
  });
});

describe('API description', () => {
  test('/api/openapi.json documents every API route with its request and response schemas', async () => {
    const response = await request(t.app, 'GET', apiPaths.openApiDocument);

    expect(response.statusCode).toBe(200);
    const document = response.json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown>; requestBody?: unknown }>>;
    }>();
    for (const path of [
      apiPaths.session,
      apiPaths.signup,
      apiPaths.login,
      apiPaths.logout,
      apiPaths.verifyEmail,
      apiPaths.resendVerification,
      apiPaths.publicSettings,
      apiPaths.adminSettings,
      '/healthz',
      '/readyz',
    ]) {
      expect(document.paths, path).toHaveProperty([path]);
    }
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses ?? {});
        // A page navigation (campus sign-in) succeeds with a redirect.
        expect(
          statuses.some((status) => status.startsWith('2') || status === '303'),
          `${method} ${path} documents its success answer`,
        ).toBe(true);
      }
    }
    expect(document.paths[apiPaths.signup]!.post!.requestBody).toBeDefined();
  });

  test('/api/docs serves the readable documentation', async () => {
    const response = await request(t.app, 'GET', `${apiPaths.apiDocs}/`);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  test('API answers are never stored by shared caches', async () => {
    const response = await request(t.app, 'GET', apiPaths.publicSettings);

    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('errors', () => {
  test('an unknown API route is a JSON 404', async () => {
    // A path no route serves, on purpose.
    const response = await request(t.app, 'GET', '/api/no-such-thing');

    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({
      error: { code: 'not_found', message: 'No such endpoint: GET /api/no-such-thing' },
    });
  });

  test('a malformed JSON body is a JSON 400', async () => {
    const response = await request(t.app, 'POST', apiPaths.login, {
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "ada@uni.example", ',
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'bad_request', message: expect.any(String) } });
  });

  test('a body over 1 MB is refused with 413', async () => {
    const response = await request(t.app, 'POST', apiPaths.signup, {
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'x'.repeat(BODY_LIMIT_BYTES),
        email: 'big@uni.example',
        password: 'long-enough-1',
      }),
    });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: { code: 'payload_too_large', message: 'The request is too large.' } });
  });

  test('a crash answers 500 without internals, and the log keeps the details', async () => {
    const own = await createTestApp();
    onTestFinished(() => own.close());
    // A route of the test's own, not of the API.
    own.app.get('/api/test-crash', async () => {
      throw new Error('connect to 10.0.0.7 as tutorly_rw failed at /srv/tutorly/src/secret.ts:42');
    });

    const response = await request(own.app, 'GET', '/api/test-crash');

    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' },
    });
    expect(response.body).not.toMatch(/10\.0\.0\.7|tutorly_rw|secret\.ts|stack/);
    const logged = own.logs.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed');
    expect(logged).toMatchObject({
      level: 50,
      reqId: expect.any(String),
      err: { message: expect.stringContaining('10.0.0.7') },
    });
  });

  test('every response carries its request id', async () => {
    const response = await request(t.app, 'GET', '/healthz', { headers: { 'x-request-id': 'trace-123' } });

    expect(response.headers['x-request-id']).toBe('trace-123');
  });
});

describe('logging', () => {
  test('answered requests are logged at debug, not at the default level', async () => {
    await request(t.app, 'GET', '/healthz');
    expect(t.logs.filter((line) => line.includes('request completed'))).toEqual([]);

    const verbose = await createTestApp({ env: { LOG_LEVEL: 'debug' } });
    onTestFinished(() => verbose.close());
    await request(verbose.app, 'GET', '/healthz?from=test');
    const lines = verbose.logs.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request completed');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 20,
        req: expect.objectContaining({ method: 'GET', url: '/healthz?from=test' }),
        res: { statusCode: 200 },
      }),
    ]);
  });

  test('a whole sign-up, verify, login, logout never logs the password or the session cookie', async () => {
    // Debug: every request writes a line then, so the most is logged.
    await t.close();
    t = await createTestApp({ env: { LOG_LEVEL: 'debug' } });
    const password = 'unmistakable-Password-4711';
    const signed = await signUp(t.app, { email: 'careful@uni.example', password });
    const { userId, secret } = verificationParams((await readLatestMail(t.outboxDir)).link!);
    await postVerifyEmail(t.app, { userId, secret });
    const loginResponse = await postLogin(t.app, { email: signed.email, password });
    const setCookie = String(loginResponse.headers['set-cookie']);
    const token = loginResponse.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const cookie = `${SESSION_COOKIE}=${token}`;
    await request(t.app, 'GET', apiPaths.session, { as: cookie });
    const logout = await request(t.app, 'POST', apiPaths.logout, { as: cookie });
    expect(logout.statusCode).toBe(204);

    const log = t.logs.join('\n');
    expect(t.logs.filter((line) => line.includes('request completed')).length).toBeGreaterThanOrEqual(5);
    expect(log).not.toContain(password);
    expect(log).not.toContain(token);
    expect(log).not.toContain(setCookie);
    const { passwordHash } = (await findUserByEmail(t.db, signed.email))!;
    expect(log).not.toContain(passwordHash);
    // Outbox mode prints the link on purpose (a fresh install has no mail server): see PRODUCT.md point 9.
    expect(log).toContain('No SMTP configured: verification link for careful@uni.example');
  });

  test('the secret in a /verify page URL is masked in the request log', async () => {
    await t.close();
    t = await createTestApp({ env: { LOG_LEVEL: 'debug' } });
    await request(t.app, 'GET', '/verify?userId=3f1c2d9e-0000-4000-8000-000000000000&secret=XYZ-not-for-logs');

    const log = t.logs.join('\n');
    expect(log).not.toContain('XYZ-not-for-logs');
    expect(log).toContain('/verify?userId=3f1c2d9e-0000-4000-8000-000000000000&secret=[REDACTED]');
  });
});
