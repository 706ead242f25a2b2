import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { campusSignInAttempts, secondFactors, sessions, userIdentities, users } from '../../src/server/db/schema';
import { sealingKey, sealSecret } from '../../src/server/lib/sealed-secrets';
import { newTotpSecret } from '../../src/server/services/accounts/second-factor/totp';
import { apiPaths } from '../../src/shared/api-paths';
import { CAMPUS_CONFIRMED_PARAM, CAMPUS_ERROR_PARAM } from '../../src/shared/campus-sign-in';
import { callAs, signedInAdmin } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { getSessionAccount, loginAttempt, postLogin, postSignup } from '../helpers/auth';
import { createUserRecord, uniqueEmail } from '../helpers/factories';
import { readMails } from '../helpers/mail';
import {
  type ProviderChoice,
  signInAtProvider,
  startOpenIdProvider,
  type TestOpenIdProvider,
  type UniversityPerson,
} from '../helpers/openid-provider';
import { request } from '../helpers/requests';

const PUBLIC_URL = 'http://127.0.0.1:3999';
const CALLBACK = `${PUBLIC_URL}${apiPaths.campusSignInCallback}`;

let university: TestOpenIdProvider;
let t: TestApp;

beforeAll(async () => {
  university = await startOpenIdProvider({ redirectUris: [CALLBACK] });
});
afterAll(() => university.close());
beforeEach(async () => {
  t = await createTestApp({ env: { PUBLIC_URL, ...university.env } });
});
afterEach(() => t.close());

let people = 0;
/** A new person at the university; their login is their subject there. */
function universityPerson(details: UniversityPerson = {}): string {
  people += 1;
  const login = `person-${people}-${Date.now()}`;
  university.people.set(login, {
    email: uniqueEmail('campus'),
    email_verified: true,
    name: 'Casey Campus',
    ...details,
  });
  return login;
}

/** The cookies an answer set, as a Cookie header (the cleared ones left out, as a browser drops them). */
function cookiesOf(response: LightMyRequestResponse): string {
  return response.cookies
    .filter(({ value }) => value !== '')
    .map(({ name, value }) => `${name}=${value}`)
    .join('; ');
}

interface Departure {
  /** The attempt cookie the start set, as a Cookie header. */
  attemptCookie: string;
  authorizationUrl: string;
}

async function leaveForUniversity(query: Record<string, string> = {}, cookie?: string): Promise<Departure> {
  const started = await request(t.app, 'GET', `${apiPaths.campusSignInStart}?${new URLSearchParams(query)}`, {
    as: cookie,
  });
  expect(started.statusCode).toBe(303);
  return { attemptCookie: cookiesOf(started), authorizationUrl: started.headers.location as string };
}

async function comeBack(callbackUrl: URL, cookie: string): Promise<LightMyRequestResponse> {
  return request(t.app, 'GET', `${callbackUrl.pathname}${callbackUrl.search}`, { as: cookie });
}

/** The whole round trip: start, the provider's pages, the callback. */
async function campusSignIn(choice: ProviderChoice, options: { query?: Record<string, string>; cookie?: string } = {}) {
  const departure = await leaveForUniversity(options.query, options.cookie);
  const callbackUrl = await signInAtProvider(departure.authorizationUrl, choice);
  const cookie = [options.cookie, departure.attemptCookie].filter(Boolean).join('; ');
  const landed = await comeBack(callbackUrl, cookie);
  return { landed, callbackUrl, departure, sessionCookie: cookiesOf(landed) };
}

function failureOf(landed: LightMyRequestResponse): string | null {
  expect(landed.statusCode).toBe(303);
  return new URL(landed.headers.location as string, PUBLIC_URL).searchParams.get(CAMPUS_ERROR_PARAM);
}

async function userByEmail(email: string) {
  const [user] = await t.db.select().from(users).where(eq(users.email, email));
  return user;
}

describe('campus sign-in (OpenID Connect)', () => {
  test('the public settings offer the button with its label', async () => {
    const settings = (await request(t.app, 'GET', apiPaths.publicSettings)).json();
    expect(settings.campusSignIn).toEqual({ buttonLabel: 'Sign in with your university' });
    expect(settings.passwordSignIn).toBe(true);
  });

  test('the way out carries PKCE, state and nonce to the provider named by OIDC_ISSUER', async () => {
    const { authorizationUrl, attemptCookie } = await leaveForUniversity();
    const url = new URL(authorizationUrl);
    expect(url.origin).toBe(university.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(attemptCookie).toMatch(/^tutorly_campus_attempt=/);
  });

  test('a new person gets a verified student account with the provider’s name, and the same one next time', async () => {
    const login = universityPerson({ name: 'Ada Campus' });
    const { email } = university.people.get(login)!;
    const first = await campusSignIn({ login });
    expect(first.landed.headers.location).toBe('/user');
    const account = await getSessionAccount(t.app, first.sessionCookie);
    expect(account).toMatchObject({ email, name: 'Ada Campus', emailVerified: true, role: 'student' });
    const stored = await userByEmail(email!);
    expect(stored!.passwordHash).toBeNull();
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, stored!.id));
    expect(session!.signedInWith).toBe('campus');

    // The subject, not the address, names the person: a changed address still finds the account.
    university.people.set(login, { ...university.people.get(login), email: uniqueEmail('renamed') });
    const second = await campusSignIn({ login });
    expect((await getSessionAccount(t.app, second.sessionCookie))?.id).toBe(stored!.id);
    expect(await t.db.select().from(users).where(eq(users.name, 'Ada Campus'))).toHaveLength(1);
  });

  test('"Download my data" lists the university identity and how each session signed in', async () => {
    const login = universityPerson();
    const { sessionCookie } = await campusSignIn({ login });
    const data = (await request(t.app, 'GET', apiPaths.accountData, { as: sessionCookie })).json();
    expect(data.campusIdentities).toEqual([
      expect.objectContaining({ protocol: 'oidc', issuer: university.issuer, subject: login }),
    ]);
    expect(data.sessions).toEqual([expect.objectContaining({ signedInWith: 'campus' })]);
    const listed = (await request(t.app, 'GET', apiPaths.accountSessions, { as: sessionCookie })).json();
    expect(listed.sessions).toEqual([expect.objectContaining({ signedInWith: 'campus', current: true })]);
  });

  test('an existing account is linked when the provider says the address is verified; its password still works', async () => {
    const { user, password } = await createUserRecord(t.db, { verified: true });
    const login = universityPerson({ email: user.email, email_verified: true });
    const { sessionCookie } = await campusSignIn({ login });
    expect((await getSessionAccount(t.app, sessionCookie))?.id).toBe(user.id);
    const identities = await t.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id));
    expect(identities).toMatchObject([{ protocol: 'oidc', issuer: university.issuer, subject: login }]);
    expect((await loginAttempt(t.app, { email: user.email, password })).status).toBe(200);
  });

  test('a multi-factor university sign-in stands for the second factor only where Settings trusts the provider’s amr/acr', async () => {
    const { user } = await createUserRecord(t.db, { verified: true });
    await t.db.insert(secondFactors).values({
      userId: user.id,
      kind: 'totp',
      label: 'Phone',
      totpSecret: sealSecret(sealingKey(t.app.deviceKey, 'second-factor'), newTotpSecret()),
      createdAt: new Date(),
    });
    const withCode = universityPerson({ email: user.email, amr: ['pwd', 'otp'] });
    const stepAfter = async (login: string) => {
      const { sessionCookie } = await campusSignIn({ login });
      return (await request(t.app, 'GET', apiPaths.session, { as: sessionCookie })).json().secondFactorStep;
    };

    // Off by default: the university's word is not taken, the account's own second factor is asked.
    expect(await stepAfter(withCode)).toBe('verify');

    const admin = await signedInAdmin(t);
    expect(
      (await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { campusSecondFactorTrusted: true })).statusCode,
    ).toBe(200);
    expect(await stepAfter(withCode)).toBeNull();
    // A password alone at the university still leaves the step to take.
    university.people.set(withCode, { ...university.people.get(withCode), amr: ['pwd'] });
    expect(await stepAfter(withCode)).toBe('verify');
  });

  test('an existing account is not linked when the provider does not vouch for the address', async () => {
    const { user } = await createUserRecord(t.db, { verified: true });
    for (const emailVerified of [false, undefined]) {
      const login = universityPerson({ email: user.email, email_verified: emailVerified });
      const { landed } = await campusSignIn({ login });
      expect(failureOf(landed)).toBe('address_unverified');
      expect(landed.cookies.find((cookie) => cookie.name === 'tutorly_session')).toBeUndefined();
    }
    expect(await t.db.select().from(userIdentities)).toHaveLength(0);
  });

  test('an unclaimed account with the address gives way: its squatter’s password stops working', async () => {
    const email = uniqueEmail('owner');
    const squatterPassword = 'the squatter chose this one';
    expect((await postSignup(t.app, { name: 'Squatter', email, password: squatterPassword })).statusCode).toBe(201);
    const squatter = await userByEmail(email);
    const login = universityPerson({ email, email_verified: true, name: 'Real Owner' });
    const { sessionCookie } = await campusSignIn({ login });
    const account = await getSessionAccount(t.app, sessionCookie);
    expect(account).toMatchObject({ email, name: 'Real Owner', emailVerified: true });
    expect(account!.id).not.toBe(squatter!.id);
    expect((await loginAttempt(t.app, { email, password: squatterPassword })).status).toBe(401);
  });

  test('the sign-up domain restriction refuses other addresses', async () => {
    const admin = await signedInAdmin(t);
    const restricted = await callAs(t, admin, 'PATCH', apiPaths.adminSettings, {
      signupDomains: ['uni.example.edu'],
      restrictSignupToDomains: true,
    });
    expect(restricted.statusCode).toBe(200);
    const outsider = universityPerson({ email: uniqueEmail('outsider') });
    expect(failureOf((await campusSignIn({ login: outsider })).landed)).toBe('address_refused');
    const insider = universityPerson({ email: `insider-${Date.now()}@uni.example.edu` });
    expect((await campusSignIn({ login: insider })).landed.headers.location).toBe('/user');
  });

  test('a person without an address, and a disabled account, are told so', async () => {
    const silent = universityPerson({ email: undefined });
    university.people.set(silent, { name: 'No Address' });
    expect(failureOf((await campusSignIn({ login: silent })).landed)).toBe('no_email');

    const login = universityPerson();
    const { sessionCookie } = await campusSignIn({ login });
    const account = await getSessionAccount(t.app, sessionCookie);
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, account!.id));
    expect(failureOf((await campusSignIn({ login })).landed)).toBe('disabled');
  });

  test('a cancelled sign-in says so', async () => {
    const { landed } = await campusSignIn('cancel');
    expect(failureOf(landed)).toBe('cancelled');
    expect(landed.headers.location).toMatch(/^\/login\?/);
  });

  test('a provider that cannot be reached is reported, and the site still starts', async () => {
    const down = await createTestApp({
      env: { PUBLIC_URL, ...university.env, OIDC_ISSUER: 'http://127.0.0.1:9/unreachable' },
    });
    const started = await request(down.app, 'GET', apiPaths.campusSignInStart);
    expect(started.statusCode).toBe(303);
    expect(started.headers.location).toBe(`/login?${CAMPUS_ERROR_PARAM}=unavailable`);
    expect(down.logs.join('\n')).toContain('"reason":"unavailable"');
    await down.close();
  });

  test('without OIDC_ISSUER there is no campus sign-in', async () => {
    const plain = await createTestApp();
    expect((await request(plain.app, 'GET', apiPaths.campusSignInStart)).statusCode).toBe(404);
    expect((await request(plain.app, 'GET', apiPaths.publicSettings)).json().campusSignIn).toBeNull();
    await plain.close();
  });
});

describe('starts from one client address', () => {
  test('past RATE_LIMIT_CAMPUS_START_PER_IP unfinished starts, the next is sent back and stores nothing; completed sign-ins stop counting', async () => {
    await t.close();
    t = await createTestApp({ env: { PUBLIC_URL, ...university.env, RATE_LIMIT_CAMPUS_START_PER_IP: '3/15m' } });
    const attempts = async () => (await t.db.select().from(campusSignInAttempts)).length;

    // Completed sign-ins give their start back: a campus behind one address is not held back by them.
    for (let i = 0; i < 4; i++)
      expect(failureOf((await campusSignIn({ login: universityPerson() })).landed)).toBeNull();

    // Starts nobody finishes count: three are let through, the fourth is not.
    for (let i = 0; i < 3; i++) await leaveForUniversity();
    expect(await attempts()).toBe(3);
    const refused = await request(t.app, 'GET', apiPaths.campusSignInStart);
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe(`/login?${CAMPUS_ERROR_PARAM}=too_many`);
    expect(refused.cookies).toHaveLength(0);
    expect(await attempts()).toBe(3);
    expect(t.logs.join('\n')).toContain('"reason":"too_many"');

    // Another client address has its own count.
    const elsewhere = await request(t.app, 'GET', apiPaths.campusSignInStart, { remoteAddress: '198.51.100.7' });
    expect(new URL(elsewhere.headers.location as string).origin).toBe(new URL(university.env.OIDC_ISSUER!).origin);
  });
});

describe('forged and replayed callbacks', () => {
  async function arrivedCallback() {
    const login = universityPerson();
    const departure = await leaveForUniversity();
    const callbackUrl = await signInAtProvider(departure.authorizationUrl, { login });
    return { departure, callbackUrl };
  }

  test('a replayed callback is refused the second time', async () => {
    const { departure, callbackUrl } = await arrivedCallback();
    expect((await comeBack(callbackUrl, departure.attemptCookie)).headers.location).toBe('/user');
    expect(failureOf(await comeBack(callbackUrl, departure.attemptCookie))).toBe('expired');
  });

  test('a callback in another browser (no attempt cookie) signs nobody in', async () => {
    const { callbackUrl } = await arrivedCallback();
    const landed = await comeBack(callbackUrl, '');
    expect(failureOf(landed)).toBe('expired');
    expect(landed.cookies.find((cookie) => cookie.name === 'tutorly_session')).toBeUndefined();
  });

  test('a bad state is refused', async () => {
    const { departure, callbackUrl } = await arrivedCallback();
    callbackUrl.searchParams.set('state', 'forged-state');
    expect(failureOf(await comeBack(callbackUrl, departure.attemptCookie))).toBe('rejected');
  });

  test('a wrong nonce is refused', async () => {
    const { departure, callbackUrl } = await arrivedCallback();
    await t.db.update(campusSignInAttempts).set({ nonce: 'another-nonce' });
    expect(failureOf(await comeBack(callbackUrl, departure.attemptCookie))).toBe('rejected');
  });

  test('a wrong issuer is refused', async () => {
    const { departure, callbackUrl } = await arrivedCallback();
    callbackUrl.searchParams.set('iss', 'https://evil.example');
    expect(failureOf(await comeBack(callbackUrl, departure.attemptCookie))).toBe('rejected');
  });

  test('an attempt older than ten minutes is refused', async () => {
    const { departure, callbackUrl } = await arrivedCallback();
    t.clock.advance(11 * 60_000);
    expect(failureOf(await comeBack(callbackUrl, departure.attemptCookie))).toBe('expired');
  });

  test('neither the page nor the log shows the code, the state or a token', async () => {
    const { departure, callbackUrl } = await arrivedCallback();
    callbackUrl.searchParams.set('iss', 'https://evil.example');
    const landed = await comeBack(callbackUrl, departure.attemptCookie);
    const code = callbackUrl.searchParams.get('code')!;
    const state = callbackUrl.searchParams.get('state')!;
    const secret = departure.attemptCookie.split('=')[1]!;
    for (const text of [t.logs.join('\n'), landed.headers.location as string, landed.body]) {
      expect(text).not.toContain(code);
      expect(text).not.toContain(state);
      expect(text).not.toContain(secret);
    }
  });
});

describe('password sign-in off', () => {
  test('students sign in only through the university; administrators keep their password', async () => {
    const admin = await signedInAdmin(t);
    const { user: student, password } = await createUserRecord(t.db, { verified: true });
    const off = await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { passwordSignIn: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ passwordSignIn: false, campusSignIn: { issuer: university.issuer } });
    expect((await request(t.app, 'GET', apiPaths.publicSettings)).json().passwordSignIn).toBe(false);

    const refused = await postLogin(t.app, { email: student.email, password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'Students sign in with their university on this site: use "Sign in with your university".',
    );
    const signup = await postSignup(t.app, { name: 'New', email: uniqueEmail('new'), password: 'a long new password' });
    expect(signup.statusCode).toBe(403);
    // A wrong password says nothing of the setting.
    expect((await loginAttempt(t.app, { email: student.email, password: 'not the password' })).status).toBe(401);

    expect((await loginAttempt(t.app, { email: admin.user.email, password: 'unused' })).status).toBe(401);
    const login = universityPerson({ email: student.email });
    expect((await getSessionAccount(t.app, (await campusSignIn({ login })).sessionCookie))?.id).toBe(student.id);
  });

  test('cannot be turned off without a campus provider', async () => {
    const plain = await createTestApp();
    const admin = await signedInAdmin(plain);
    const refused = await callAs(plain, admin, 'PATCH', apiPaths.adminSettings, { passwordSignIn: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual([
      { path: 'passwordSignIn', message: expect.stringContaining('OIDC_ISSUER') },
    ]);
    await plain.close();
  });
});

describe('a fresh campus sign-in stands in for the password', () => {
  test('an account without a password confirms through the university, then deletes itself', async () => {
    const login = universityPerson();
    const { email } = university.people.get(login)!;
    const { sessionCookie } = await campusSignIn({ login });
    t.clock.advance(11 * 60_000);

    const methods = await request(t.app, 'GET', apiPaths.accountSignInMethods, { as: sessionCookie });
    expect(methods.json()).toEqual({ hasPassword: false, campusLinked: true, campusConfirmedUntil: null });
    const unproven = await request(t.app, 'DELETE', apiPaths.account, {
      as: sessionCookie,
      payload: { confirmEmail: email },
    });
    expect(unproven.statusCode).toBe(400);
    expect(unproven.json().error.fields).toEqual([
      { path: 'currentPassword', message: 'Current password is required.' },
    ]);

    const confirmed = await campusSignIn(
      { login },
      { query: { intent: 'confirm', returnTo: '/user/profile' }, cookie: sessionCookie },
    );
    expect(confirmed.landed.headers.location).toBe(`/user/profile?${CAMPUS_CONFIRMED_PARAM}=1`);
    const fresh = (await request(t.app, 'GET', apiPaths.accountSignInMethods, { as: sessionCookie })).json();
    expect(fresh.campusConfirmedUntil).not.toBeNull();

    const deleted = await request(t.app, 'DELETE', apiPaths.account, {
      as: sessionCookie,
      payload: { confirmEmail: email },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await userByEmail(email!)).toBeUndefined();
    expect((await readMails(t.outboxDir)).some((mail) => mail.to === email)).toBe(true);
  });

  test('the confirmation must come from the account’s own university identity', async () => {
    const mine = universityPerson();
    const { sessionCookie } = await campusSignIn({ login: mine });
    const someoneElse = universityPerson();
    const { landed } = await campusSignIn(
      { login: someoneElse },
      { query: { intent: 'confirm', returnTo: '/user/profile' }, cookie: sessionCookie },
    );
    expect(failureOf(landed)).toBe('other_account');
    const methods = (await request(t.app, 'GET', apiPaths.accountSignInMethods, { as: sessionCookie })).json();
    expect(methods.campusConfirmedUntil).not.toBeNull(); // from the sign-in itself, still fresh
    t.clock.advance(11 * 60_000);
    const later = (await request(t.app, 'GET', apiPaths.accountSignInMethods, { as: sessionCookie })).json();
    expect(later.campusConfirmedUntil).toBeNull();
  });

  test('a fresh campus sign-in lets the owner change the address without a password', async () => {
    const login = universityPerson();
    const { sessionCookie } = await campusSignIn({ login });
    const newEmail = uniqueEmail('moved');
    const changed = await request(t.app, 'POST', apiPaths.accountEmail, { as: sessionCookie, payload: { newEmail } });
    expect(changed.statusCode).toBe(202);
    expect((await readMails(t.outboxDir)).some((mail) => mail.to === newEmail)).toBe(true);
  });
});

describe('an address the provider does not vouch for', () => {
  test('makes a new account unverified, verified by mail', async () => {
    const login = universityPerson({ email: uniqueEmail('unvouched'), email_verified: false });
    const { email } = university.people.get(login)!;
    const { sessionCookie, landed } = await campusSignIn({ login });
    expect(landed.headers.location).toBe('/user');
    expect(await getSessionAccount(t.app, sessionCookie)).toMatchObject({ email, emailVerified: false });
    const mail = (await readMails(t.outboxDir)).filter((m) => m.to === email).at(-1);
    expect(mail?.link).toMatch(/\/verify\?/);
  });

  test('never removes a pending sign-up for the address, and claims nothing', async () => {
    const email = uniqueEmail('pending');
    const password = 'the owner chose this one';
    expect((await postSignup(t.app, { name: 'Pending Owner', email, password })).statusCode).toBe(201);
    const pending = await userByEmail(email);
    for (const emailVerified of [false, undefined]) {
      const login = universityPerson({ email, email_verified: emailVerified, name: 'Impostor' });
      expect(failureOf((await campusSignIn({ login })).landed)).toBe('address_unverified');
    }
    expect((await userByEmail(email))?.id).toBe(pending!.id);
    expect((await loginAttempt(t.app, { email, password })).status).toBe(200);
    expect(await t.db.select().from(userIdentities)).toHaveLength(0);
  });

  test('counts once an administrator says the provider’s addresses are authoritative (off by default)', async () => {
    const admin = await signedInAdmin(t);
    const settings = (await callAs(t, admin, 'GET', apiPaths.adminSettings)).json();
    expect(settings.campusAddressesAuthoritative).toBe(false);
    const { user } = await createUserRecord(t.db, { verified: true });
    const login = universityPerson({ email: user.email, email_verified: false });
    expect(failureOf((await campusSignIn({ login })).landed)).toBe('address_unverified');

    const on = await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { campusAddressesAuthoritative: true });
    expect(on.statusCode).toBe(200);
    const { sessionCookie } = await campusSignIn({ login });
    expect((await getSessionAccount(t.app, sessionCookie))?.id).toBe(user.id);
  });
});

describe('linked university sign-ins', () => {
  const listOwn = (cookie: string) => request(t.app, 'GET', apiPaths.accountIdentities, { as: cookie });
  const unlinkOwn = (cookie: string, identityId: string, currentPassword?: string) =>
    request(t.app, 'DELETE', apiPaths.accountIdentity(identityId), { as: cookie, payload: { currentPassword } });

  test('linking one to an existing account ends the sessions opened before it', async () => {
    const { user, password } = await createUserRecord(t.db, { verified: true });
    const before = (await postLogin(t.app, { email: user.email, password })).cookies
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
    expect(await getSessionAccount(t.app, before)).not.toBeNull();
    const login = universityPerson({ email: user.email });
    const { sessionCookie } = await campusSignIn({ login });
    expect(await getSessionAccount(t.app, before)).toBeNull();
    expect((await getSessionAccount(t.app, sessionCookie))?.id).toBe(user.id);
  });

  test('the profile lists them; the owner unlinks one with the password (or a fresh campus sign-in)', async () => {
    const { user, password } = await createUserRecord(t.db, { verified: true });
    const login = universityPerson({ email: user.email });
    const { sessionCookie } = await campusSignIn({ login });
    const listed = (await listOwn(sessionCookie)).json();
    expect(listed.identities).toEqual([
      expect.objectContaining({
        issuer: university.issuer,
        provider: new URL(university.issuer).host,
        email: user.email,
      }),
    ]);
    const identityId = listed.identities[0].id;
    t.clock.advance(11 * 60_000);
    expect((await unlinkOwn(sessionCookie, identityId)).statusCode).toBe(400);
    expect((await unlinkOwn(sessionCookie, identityId, 'not my password')).statusCode).toBe(400);
    expect((await unlinkOwn(sessionCookie, identityId, password)).statusCode).toBe(204);
    expect((await listOwn(sessionCookie)).json().identities).toEqual([]);
    expect((await unlinkOwn(sessionCookie, identityId, password)).statusCode).toBe(404);
  });

  test('never the last way in: an account without a password keeps its only university sign-in', async () => {
    const login = universityPerson();
    const { sessionCookie } = await campusSignIn({ login });
    const [identity] = (await listOwn(sessionCookie)).json().identities;
    const refused = await unlinkOwn(sessionCookie, identity.id);
    expect(refused.statusCode).toBe(409);
    expect((await listOwn(sessionCookie)).json().identities).toHaveLength(1);
  });

  test('an administrator sees and unlinks them; the account’s sessions end and the audit log says so', async () => {
    const admin = await signedInAdmin(t);
    const { user } = await createUserRecord(t.db, { verified: true });
    const login = universityPerson({ email: user.email });
    const { sessionCookie } = await campusSignIn({ login });
    const listed = (await callAs(t, admin, 'GET', apiPaths.adminUserIdentities(user.id))).json();
    expect(listed.identities).toHaveLength(1);
    const removed = await callAs(t, admin, 'DELETE', apiPaths.adminUserIdentity(user.id, listed.identities[0].id));
    expect(removed.statusCode).toBe(204);
    expect(await getSessionAccount(t.app, sessionCookie)).toBeNull();
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, user.id))).toEqual([]);
    const log = (await callAs(t, admin, 'GET', apiPaths.adminAuditLog)).json();
    expect(JSON.stringify(log)).toContain('user_identity_unlinked');
  });

  test('the password reset and password changed mails list them', async () => {
    const { user } = await createUserRecord(t.db, { verified: true });
    const login = universityPerson({ email: user.email });
    await campusSignIn({ login });
    await request(t.app, 'POST', apiPaths.passwordReset, { payload: { email: user.email } });
    const resetMail = (await readMails(t.outboxDir)).filter((m) => m.to === user.email).at(-1)!;
    const named = `${new URL(university.issuer).host} (${user.email})`;
    expect(resetMail.text).toContain(named);
    const token = new URL(resetMail.link!).searchParams.get('token')!;
    const reset = await request(t.app, 'POST', apiPaths.passwordResetConfirm, {
      payload: { token, password: 'a fresh and long passphrase' },
    });
    expect(reset.statusCode).toBe(204);
    const changedMail = (await readMails(t.outboxDir)).filter((m) => m.to === user.email).at(-1)!;
    expect(changedMail.subject).toMatch(/password was changed/);
    expect(changedMail.text).toContain(named);
  });
});

describe("an administrator's account", () => {
  test('is linked to a university sign-in only once its password is given, once', async () => {
    const { user: admin, password } = await createUserRecord(t.db, { role: 'admin', verified: true });
    const login = universityPerson({ email: admin.email });
    const first = await campusSignIn({ login });
    expect(first.landed.headers.location).toBe('/link-university');
    expect(first.landed.cookies.find((cookie) => cookie.name === 'tutorly_session')).toBeUndefined();
    expect(await t.db.select().from(userIdentities)).toHaveLength(0);
    const pendingCookie = first.sessionCookie;
    expect(pendingCookie).toMatch(/tutorly_campus_link=/);

    const link = (body: object, as = pendingCookie) =>
      request(t.app, 'POST', apiPaths.campusLink, { as, payload: body });
    expect((await link({ password: 'not the password' })).statusCode).toBe(400);
    expect((await link({ password }, '')).statusCode).toBe(410);
    expect((await link({ password })).statusCode).toBe(204);
    expect((await link({ password })).statusCode).toBe(410);
    expect(await t.db.select().from(userIdentities).where(eq(userIdentities.userId, admin.id))).toHaveLength(1);

    const again = await campusSignIn({ login });
    expect(again.landed.headers.location).toBe('/admin');
    expect((await getSessionAccount(t.app, again.sessionCookie))?.id).toBe(admin.id);
  });
});
