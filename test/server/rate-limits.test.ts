import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { rateLimits, users } from '../../src/server/db/schema';
import { HOUR_MS } from '../../src/server/lib/clock';
import type { RateLimitStore, RateLimitWindow } from '../../src/server/services/rate-limits';
import { apiPaths } from '../../src/shared/api-paths';
import { signedInStudent } from '../helpers/actors';
import { closeOpenTestApps, createTestApp } from '../helpers/app';
import { login, postLogin, postSignup } from '../helpers/auth';
import { createUserRecord, DEFAULT_TEST_PASSWORD, uniqueEmail } from '../helpers/factories';
import { readMails } from '../helpers/mail';
import { request } from '../helpers/requests';

afterEach(() => closeOpenTestApps());

const MINUTE_MS = 60_000;
const CLIENT = '203.0.113.7';
const OTHER_CLIENT = '198.51.100.23';

const signUpInput = (email: string) => ({ name: 'Ada Lovelace', email, password: DEFAULT_TEST_PASSWORD });

function expectRefusal(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  message: string,
  retryAfterSeconds: number,
) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: { code: 'rate_limited', message } });
  expect(response.headers['retry-after']).toBe(String(retryAfterSeconds));
}

describe('login, per account', () => {
  test('failed attempts for one address are limited, whichever client tries, until the window ends', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '3/15m' } });
    const { user, password } = await createUserRecord(t.db, { verified: true });

    for (const client of [CLIENT, OTHER_CLIENT, '192.0.2.1'])
      expect(
        (await postLogin(t.app, { email: user.email, password: 'wrong password' }, { remoteAddress: client }))
          .statusCode,
      ).toBe(401);
    t.clock.advance(5 * MINUTE_MS);

    // Even the right password waits: a guesser must not learn it was right.
    expectRefusal(
      await postLogin(t.app, { email: user.email, password }, { remoteAddress: '192.0.2.99' }),
      'Too many failed login attempts. Please try again in 10 minutes.',
      600,
    );
    expect(
      (await postLogin(t.app, { email: user.email.toUpperCase(), password }, { remoteAddress: '192.0.2.99' }))
        .statusCode,
    ).toBe(429);

    t.clock.advance(10 * MINUTE_MS);
    expect((await postLogin(t.app, { email: user.email, password }, { remoteAddress: CLIENT })).statusCode).toBe(200);
  });

  test('an unknown address is limited exactly like an existing one', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '2/15m' } });
    const { user } = await createUserRecord(t.db);

    const answers = async (email: string) => {
      const seen = [];
      for (let i = 0; i < 3; i++) {
        const response = await postLogin(t.app, { email, password: 'wrong password' }, { remoteAddress: CLIENT });
        seen.push({ status: response.statusCode, body: response.body, retryAfter: response.headers['retry-after'] });
      }
      return seen;
    };

    expect(await answers('nobody@uni.example')).toEqual(await answers(user.email));
  });

  test('successful logins do not count', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '2/15m', RATE_LIMIT_LOGIN_PER_IP: '2/15m' } });
    const { user, password } = await createUserRecord(t.db);

    for (let i = 0; i < 5; i++)
      expect((await postLogin(t.app, { email: user.email, password }, { remoteAddress: CLIENT })).statusCode).toBe(200);
    expect(
      (await postLogin(t.app, { email: user.email, password: 'wrong password' }, { remoteAddress: CLIENT })).statusCode,
    ).toBe(401);
    expect((await postLogin(t.app, { email: user.email, password }, { remoteAddress: CLIENT })).statusCode).toBe(200);
  });

  test('simultaneous attempts are counted one by one: no burst gets past the limit', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '3/15m' } });
    const { user } = await createUserRecord(t.db);

    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        postLogin(t.app, { email: user.email, password: 'wrong password' }, { remoteAddress: CLIENT }),
      ),
    );

    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  });
});

describe('login, per client address', () => {
  test('failed attempts from one address are limited across accounts; other addresses carry on', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_IP: '3/15m' } });

    for (let i = 0; i < 3; i++)
      expect(
        (await postLogin(t.app, { email: uniqueEmail(), password: 'guess' }, { remoteAddress: CLIENT })).statusCode,
      ).toBe(401);

    expectRefusal(
      await postLogin(t.app, { email: uniqueEmail(), password: 'guess' }, { remoteAddress: CLIENT }),
      'Too many failed login attempts. Please try again in 15 minutes.',
      900,
    );
    expect(
      (await postLogin(t.app, { email: uniqueEmail(), password: 'guess' }, { remoteAddress: OTHER_CLIENT })).statusCode,
    ).toBe(401);
  });

  test('X-Forwarded-For names the client only behind a trusted proxy', async () => {
    const direct = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_IP: '2/15m' } });
    const proxied = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_IP: '2/15m', TRUST_PROXY: 'true' } });
    const forwardedFor = (i: number) => ({ 'x-forwarded-for': `192.0.2.${i}` });

    // Without trust, a forged header does not give an attacker fresh addresses.
    const fromDirect = [];
    for (let i = 1; i <= 3; i++)
      fromDirect.push(
        (
          await postLogin(
            direct.app,
            { email: uniqueEmail(), password: 'guess' },
            { remoteAddress: CLIENT, headers: forwardedFor(i) },
          )
        ).statusCode,
      );
    expect(fromDirect).toEqual([401, 401, 429]);

    // Behind the proxy every student has an address of their own; the proxy's is not limited.
    const fromProxy = [];
    for (let i = 1; i <= 3; i++)
      fromProxy.push(
        (
          await postLogin(
            proxied.app,
            { email: uniqueEmail(), password: 'guess' },
            { remoteAddress: '10.0.0.1', headers: forwardedFor(i) },
          )
        ).statusCode,
      );
    expect(fromProxy).toEqual([401, 401, 401]);
  });
});

describe('sign-up, per client address', () => {
  test('is limited per hour, new and taken addresses alike, and creates nothing once refused', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_SIGNUP_PER_IP: '2/1h' } });
    const { user } = await createUserRecord(t.db);

    expect((await postSignup(t.app, signUpInput('first@uni.example'), { remoteAddress: CLIENT })).statusCode).toBe(201);
    expect((await postSignup(t.app, signUpInput(user.email), { remoteAddress: CLIENT })).statusCode).toBe(201);
    const refused = await postSignup(t.app, signUpInput('third@uni.example'), { remoteAddress: CLIENT });

    expectRefusal(refused, 'Too many sign-ups from your network. Please try again in 60 minutes.', 3600);
    expect(await t.db.select().from(users).where(eq(users.email, 'third@uni.example'))).toHaveLength(0);
    expect(await readMails(t.outboxDir)).toHaveLength(2);

    expect(
      (await postSignup(t.app, signUpInput('elsewhere@uni.example'), { remoteAddress: OTHER_CLIENT })).statusCode,
    ).toBe(201);
    t.clock.advance(HOUR_MS);
    expect((await postSignup(t.app, signUpInput('third@uni.example'), { remoteAddress: CLIENT })).statusCode).toBe(201);
  });
});

describe('resending the verification mail, per client address', () => {
  test('is limited per hour', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_RESEND_PER_IP: '2/1h' } });
    const { user, password } = await createUserRecord(t.db);
    const cookie = await login(t.app, { email: user.email, password });
    const resend = (remoteAddress = CLIENT) =>
      request(t.app, 'POST', apiPaths.resendVerification, { as: cookie, remoteAddress });

    expect((await resend()).statusCode).toBe(200);
    expect((await resend()).statusCode).toBe(200);
    expectRefusal(await resend(), 'Too many verification emails were requested. Please try again in 60 minutes.', 3600);
    expect(await readMails(t.outboxDir)).toHaveLength(2);

    expect((await resend(OTHER_CLIENT)).statusCode).toBe(200);
  });
});

describe('writes, per signed-in user', () => {
  test("every state-changing request counts; reading, and other users' writes, do not", async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_WRITES_PER_USER: '3/10m' } });
    const student = await signedInStudent(t);
    const other = await signedInStudent(t, 'Other Student');
    const rename = (cookie: string, name: string) =>
      request(t.app, 'PATCH', apiPaths.account, { as: cookie, payload: { name } });

    expect((await rename(student.cookie, 'One')).statusCode).toBe(200);
    expect((await request(t.app, 'POST', apiPaths.allNotificationsRead, { as: student })).statusCode).toBeLessThan(300);
    expect(
      (await request(t.app, 'PUT', apiPaths.followedDepartments, { as: student, payload: { departments: [] } }))
        .statusCode,
    ).toBeLessThan(300);
    for (let i = 0; i < 3; i++)
      expect((await request(t.app, 'GET', apiPaths.session, { as: student })).statusCode).toBe(200);

    const refused = await rename(student.cookie, 'Four');
    expectRefusal(refused, 'You are making changes too quickly. Please try again in 10 minutes.', 600);
    expect((await t.db.select().from(users).where(eq(users.id, student.user.id)))[0]!.name).toBe('One');

    expect((await rename(other.cookie, 'Unaffected')).statusCode).toBe(200);
    // Logging out always works, even past the limit.
    expect((await request(t.app, 'POST', apiPaths.logout, { as: student })).statusCode).toBe(204);
  });

  test('the window ends and the user may write again', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_WRITES_PER_USER: '1/10m' } });
    const student = await signedInStudent(t);
    const rename = (name: string) => request(t.app, 'PATCH', apiPaths.account, { as: student, payload: { name } });

    expect((await rename('One')).statusCode).toBe(200);
    t.clock.advance(9 * MINUTE_MS + 30_000);
    expectRefusal(await rename('Two'), 'You are making changes too quickly. Please try again in 30 seconds.', 30);
    t.clock.advance(30_000);
    expect((await rename('Three')).statusCode).toBe(200);
  });
});

describe('counters shared by several server instances', () => {
  test('two instances on one database count against the same limit', async () => {
    const env = { RATE_LIMIT_LOGIN_PER_ACCOUNT: '4/15m' };
    const first = await createTestApp({ env });
    const second = await createTestApp({ env, clock: first.clock });
    expect(second.database).toBe(first.database);
    const { user } = await createUserRecord(first.db);

    const statuses = [];
    for (const [i, instance] of [first, second, first, second, first, second].entries())
      statuses.push(
        (await postLogin(instance.app, { email: user.email, password: 'wrong' }, { remoteAddress: `192.0.2.${i + 1}` }))
          .statusCode,
      );

    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  test('ended windows are pruned; open ones stay', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '5/15m', RATE_LIMIT_SIGNUP_PER_IP: '5/1h' } });
    await postLogin(t.app, { email: 'someone@uni.example', password: 'wrong' }, { remoteAddress: CLIENT });
    await postSignup(t.app, signUpInput('new@uni.example'), { remoteAddress: CLIENT });
    // The login counted for the account, the client address, and the account from that address.
    expect(await t.db.select().from(rateLimits)).toHaveLength(4);

    t.clock.advance(20 * MINUTE_MS);
    expect(await t.app.rateLimits.prune()).toBe(3);

    const left = await t.db.select().from(rateLimits);
    expect(left).toHaveLength(1);
    expect(left[0]!.key).toMatch(/^signupPerIp:/);
    // Subjects are hashed: the table keeps no addresses.
    expect(left[0]!.key).not.toContain(CLIENT);
  });
});

describe('the store', () => {
  test('can be replaced by another shared store behind the same interface', async () => {
    const windows = new Map<string, RateLimitWindow>();
    const store: RateLimitStore = {
      async hit(key, windowMs, now) {
        const open = windows.get(key);
        const window =
          open && open.windowEnd > now
            ? { ...open, count: open.count + 1 }
            : { count: 1, windowEnd: new Date(now.getTime() + windowMs) };
        windows.set(key, window);
        return window;
      },
      async giveBack() {},
      async prune() {
        return 0;
      },
    };
    const t = await createTestApp({ env: { RATE_LIMIT_SIGNUP_PER_IP: '1/1h' }, rateLimitStore: store });

    expect((await postSignup(t.app, signUpInput(uniqueEmail()), { remoteAddress: CLIENT })).statusCode).toBe(201);
    expect((await postSignup(t.app, signUpInput(uniqueEmail()), { remoteAddress: CLIENT })).statusCode).toBe(429);
    expect([...windows.values()]).toEqual([{ count: 2, windowEnd: new Date(t.clock().getTime() + HOUR_MS) }]);
    expect(await t.db.select().from(rateLimits)).toHaveLength(0);
  });
});

describe('configuration', () => {
  test('production defaults, and limits written as requests per period', () => {
    expect(loadConfig({}).rateLimits).toEqual({
      loginPerAccount: { limit: 10, windowMs: 15 * MINUTE_MS },
      loginPerIp: { limit: 30, windowMs: 15 * MINUTE_MS },
      signupPerIp: { limit: 10, windowMs: HOUR_MS },
      resendVerificationPerIp: { limit: 5, windowMs: HOUR_MS },
      writesPerUser: { limit: 300, windowMs: 10 * MINUTE_MS },
      uploadsPerUser: { limit: 30, windowMs: HOUR_MS },
      uploadKibibytesPerUser: { limit: Math.floor(200_000_000 / 1024), windowMs: 24 * HOUR_MS },
      signupNoticesPerAddress: { limit: 3, windowMs: 24 * HOUR_MS },
      passwordResetPerAddress: { limit: 3, windowMs: HOUR_MS },
      passwordResetPerIp: { limit: 10, windowMs: HOUR_MS },
      campusStartPerIp: { limit: 60, windowMs: 15 * MINUTE_MS },
    });
    expect(
      loadConfig({ RATE_LIMIT_WRITES_PER_USER: '1000 / 30s', RATE_LIMIT_SIGNUP_PER_IP: '50/1d' }).rateLimits,
    ).toMatchObject({
      writesPerUser: { limit: 1000, windowMs: 30_000 },
      signupPerIp: { limit: 50, windowMs: 24 * HOUR_MS },
    });
  });

  test.each(['10', '10/15', 'ten/15m', '0/15m', '10/0m', '10/8d', '-1/1h'])('refuses %s', (value) => {
    expect(() => loadConfig({ RATE_LIMIT_LOGIN_PER_IP: value })).toThrow(ConfigError);
    try {
      loadConfig({ RATE_LIMIT_LOGIN_PER_IP: value });
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        expect.stringMatching(/^RATE_LIMIT_LOGIN_PER_IP: must be requests per period, such as 30\/15m/),
      ]);
    }
  });
});
