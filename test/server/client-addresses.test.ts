import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { DAY_MS } from '../../src/server/lib/clock';
import { apiPaths } from '../../src/shared/api-paths';
import { closeOpenTestApps, createTestApp, type TestApp } from '../helpers/app';
import { login, postLogin, postSignup } from '../helpers/auth';
import { createUserRecord, DEFAULT_TEST_PASSWORD, uniqueEmail } from '../helpers/factories';
import { readMails } from '../helpers/mail';
import { request } from '../helpers/requests';

// Which client a request counts against: the address a trusted proxy saw (never one the client
// wrote into X-Forwarded-For itself), an IPv6 client by its /64, and a taken address's owner by
// their inbox.

afterEach(() => closeOpenTestApps());

const ATTACKER = '203.0.113.7';
const NEIGHBOUR = '198.51.100.99';
const LIMITS = { RATE_LIMIT_SIGNUP_PER_IP: '2/1h', RATE_LIMIT_LOGIN_PER_IP: '2/15m', RATE_LIMIT_RESEND_PER_IP: '2/1h' };

const signUpInput = (email: string) => ({ name: 'Ada Lovelace', email, password: DEFAULT_TEST_PASSWORD });

/** How one client reaches the app: its socket address, and the X-Forwarded-For the proxies pass on. */
interface Via {
  remoteAddress: string;
  headers?: Record<string, string>;
}

/** Three rounds of each per-address limit (2 allowed) from one client, however it is reached. */
async function statusesFrom(t: TestApp, via: (round: number) => Via) {
  const { user, password } = await createUserRecord(t.db);
  // Signed in from elsewhere: the resend limit is the client's, not the account's.
  const cookie = await login(t.app, { email: user.email, password });
  const signups: number[] = [];
  const logins: number[] = [];
  const resends: number[] = [];
  for (let round = 0; round < 3; round++) {
    signups.push((await postSignup(t.app, signUpInput(uniqueEmail()), via(round))).statusCode);
    logins.push((await postLogin(t.app, { email: uniqueEmail(), password: 'guess' }, via(round))).statusCode);
    resends.push((await request(t.app, 'POST', apiPaths.resendVerification, { as: cookie, ...via(round) })).statusCode);
  }
  return { signups, logins, resends };
}

const LIMITED = { signups: [201, 201, 429], logins: [401, 401, 429], resends: [200, 200, 429] };

describe('behind a reverse proxy', () => {
  // Each proxy appends the address it received the request from; the client may have put anything in front.
  test.each([
    ['one hop', '1', ['10.0.0.1']],
    ['true, which means one hop', 'true', ['10.0.0.1']],
    ["the proxy's address", '10.0.0.1', ['10.0.0.1']],
    ['two hops (a load balancer, then nginx)', '2', ['10.0.0.1', '10.0.0.2']],
    ["the proxies' network", '10.0.0.0/8, fd00::/8', ['10.0.0.1', '10.0.0.2']],
  ])(
    'TRUST_PROXY as %s: a forged X-Forwarded-For does not escape the sign-up, login and resend limits',
    async (_, trustProxy, proxies) => {
      const t = await createTestApp({ env: { ...LIMITS, TRUST_PROXY: trustProxy } });
      const chain = (client: string, forged: string) => ({
        remoteAddress: proxies.at(-1)!,
        headers: { 'x-forwarded-for': [forged, client, ...proxies.slice(0, -1)].join(', ') },
      });

      expect(await statusesFrom(t, (round) => chain(ATTACKER, `192.0.2.${round + 1}`))).toEqual(LIMITED);

      // Someone else behind the same proxy is another client.
      const neighbour = chain(NEIGHBOUR, ATTACKER);
      expect((await postSignup(t.app, signUpInput(uniqueEmail()), neighbour)).statusCode).toBe(201);
      const answer = await postLogin(t.app, { email: uniqueEmail(), password: 'guess' }, neighbour);
      expect(answer.statusCode).toBe(401);
    },
  );

  test('a client connecting straight to the app is not trusted as a proxy when TRUST_PROXY lists addresses', async () => {
    const t = await createTestApp({ env: { ...LIMITS, TRUST_PROXY: '10.0.0.0/8' } });

    const direct = (round: number): Via => ({
      remoteAddress: ATTACKER,
      headers: { 'x-forwarded-for': `192.0.2.${round + 1}` },
    });

    expect(await statusesFrom(t, direct)).toEqual(LIMITED);
  });
});

describe('IPv6 clients', () => {
  test('addresses in one /64 share the per-address limits; the next /64 is another client', async () => {
    const t = await createTestApp({ env: LIMITS });
    const sameNetwork = ['2001:db8:1:2::1', '2001:db8:1:2:a:b:c:d', '2001:DB8:1:2:0:0:0:ffff'];

    expect(await statusesFrom(t, (round) => ({ remoteAddress: sameNetwork[round]! }))).toEqual(LIMITED);
    const nextNetwork = { remoteAddress: '2001:db8:1:3::1' };
    expect((await postSignup(t.app, signUpInput(uniqueEmail()), nextNetwork)).statusCode).toBe(201);
  });

  test('behind a proxy too, and IPv4 clients (plain or IPv6-mapped) are still one address each', async () => {
    const t = await createTestApp({ env: { ...LIMITS, TRUST_PROXY: '1' } });
    const viaProxy = (client: string): Via => ({ remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': client } });

    const fromOneNetwork = [];
    for (const client of ['2001:db8:9:9::1', '2001:db8:9:9::2', '2001:db8:9:9:1::3'])
      fromOneNetwork.push((await postSignup(t.app, signUpInput(uniqueEmail()), viaProxy(client))).statusCode);
    expect(fromOneNetwork).toEqual([201, 201, 429]);

    const fromIPv4 = [];
    for (const client of ['::ffff:192.0.2.1', '::ffff:192.0.2.2', '192.0.2.3', '192.0.2.1'])
      fromIPv4.push((await postSignup(t.app, signUpInput(uniqueEmail()), viaProxy(client))).statusCode);
    // 192.0.2.1 twice (once IPv6-mapped): its third sign-up would be refused, its second is not.
    expect(fromIPv4).toEqual([201, 201, 201, 201]);
  });
});

/** Mails the outbox holds for one address, once sending has settled (mail may go out after the answer). */
async function mailsTo(t: TestApp, address: string, atLeast: number): Promise<number> {
  const count = async () => (await readMails(t.outboxDir)).filter((mail) => mail.to === address).length;
  const deadline = Date.now() + 5_000;
  while ((await count()) < atLeast && Date.now() < deadline) await sleep(20);
  await sleep(100);
  return count();
}

describe('sign-up notices to a taken address', () => {
  test('are capped per recipient, from any number of clients, with the same answer every time', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_SIGNUP_NOTICES_PER_ADDRESS: '2/1d' } });
    const { user } = await createUserRecord(t.db, { verified: true });
    const other = await createUserRecord(t.db, { verified: true });

    const answers = [];
    for (let i = 1; i <= 6; i++)
      answers.push(await postSignup(t.app, signUpInput(user.email), { remoteAddress: `192.0.2.${i}` }));

    for (const answer of answers) {
      expect(answer.statusCode).toBe(201);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect(await mailsTo(t, user.email, 2)).toBe(2);
    // Another inbox has its own allowance.
    expect((await postSignup(t.app, signUpInput(other.user.email))).statusCode).toBe(201);
    expect(await mailsTo(t, other.user.email, 1)).toBe(1);

    t.clock.advance(DAY_MS);
    expect((await postSignup(t.app, signUpInput(user.email))).statusCode).toBe(201);
    expect(await mailsTo(t, user.email, 3)).toBe(3);
  });
});

describe('configuration', () => {
  test.each([
    ['', false],
    ['false', false],
    ['0', false],
    ['true', 1],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    [' 10.0.0.0/8 , 192.168.1.10,fd00::/8, loopback ', ['10.0.0.0/8', '192.168.1.10', 'fd00::/8', 'loopback']],
  ])('TRUST_PROXY=%j trusts %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  test.each(['yes', '-1', '1.5', '100', '10.0.0.0/33', '10.0.0', 'fd00::/129', 'proxy.example.edu', '10.0.0.1,,'])(
    'refuses TRUST_PROXY=%s, naming what it takes',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      try {
        loadConfig({ TRUST_PROXY: value });
      } catch (err) {
        expect((err as ConfigError).problems).toEqual([
          expect.stringMatching(/^TRUST_PROXY: must be false, a number of proxy hops .* or a comma-separated list/),
        ]);
      }
    },
  );

  test('sign-up notices default to 3 a day per address', () => {
    expect(loadConfig({}).rateLimits.signupNoticesPerAddress).toEqual({ limit: 3, windowMs: DAY_MS });
  });
});
