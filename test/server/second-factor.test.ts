import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { auditLog, recoveryCodes, secondFactors, settings } from '../../src/server/db/schema';
import type { CampusProfile } from '../../src/server/lib/campus-provider';
import { DEFAULT_ADMIN_EMAIL } from '../../src/server/services/accounts/ensure-admin';
import { INITIAL_ADMIN_FILE, prepareDatabase } from '../../src/server/startup';
import { campusSignInUsedSeveralFactors } from '../../src/server/services/accounts/second-factor/campus';
import { acceptedTotpStep, totpCode, totpStep } from '../../src/server/services/accounts/second-factor/totp';
import { apiPaths } from '../../src/shared/api-paths';
import type { Enrolled, SecondFactorStatus, TotpEnrolment } from '../../src/shared/second-factor';
import { callAs, sessionCookieFor, signedInAdmin } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { cookieHeader, getSessionAccount, postLogin } from '../helpers/auth';
import { createAdminRecord, createUserRecord, DEFAULT_TEST_PASSWORD } from '../helpers/factories';
import { request } from '../helpers/requests';

// The second factor (decision 0030): authenticator apps against RFC 6238's own vectors, recovery
// codes used once, sign-in's second step, the requirement for administrators and what a session
// without its second factor reaches.

describe("RFC 6238's test vectors (Appendix B, SHA-1, 8 digits)", () => {
  const secret = Secret.fromLatin1('12345678901234567890');
  const rfc = { algorithm: 'SHA1', digits: 8, periodSeconds: 30 } as const;
  const vectors: [seconds: number, code: string][] = [
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ];

  test.each(vectors)('at %i seconds the code is %s', (seconds, code) => {
    const at = new Date(seconds * 1000);
    expect(totpCode(secret, totpStep(at, rfc), rfc)).toBe(code);
    expect(acceptedTotpStep(secret, code, at, null, rfc)).toBe(totpStep(at, rfc));
  });

  test('a code is taken once: never again, and never one older than the last taken', () => {
    const at = new Date(1111111109 * 1000);
    const step = totpStep(at, rfc);
    expect(acceptedTotpStep(secret, '07081804', at, step, rfc)).toBeNull();
    expect(acceptedTotpStep(secret, totpCode(secret, step - 1, rfc), at, step, rfc)).toBeNull();
    // The next step's code, from a phone whose clock runs a little ahead, is still taken.
    expect(acceptedTotpStep(secret, totpCode(secret, step + 1, rfc), at, step, rfc)).toBe(step + 1);
    // Two steps away is too far.
    expect(acceptedTotpStep(secret, totpCode(secret, step + 2, rfc), at, null, rfc)).toBeNull();
    expect(acceptedTotpStep(secret, '0708180', at, null, rfc)).toBeNull();
  });
});

describe('campus sign-in as a second factor', () => {
  const profile = (amr: string[], acr?: string): CampusProfile => ({
    protocol: 'oidc',
    issuer: 'https://idp.uni.example',
    subject: 's1',
    email: undefined,
    emailVerified: false,
    name: undefined,
    authenticationMethods: amr,
    authenticationContext: acr,
  });

  test('counts when amr or acr says more than a password was used', () => {
    expect(campusSignInUsedSeveralFactors(profile(['pwd', 'mfa']))).toBe(true);
    expect(campusSignInUsedSeveralFactors(profile(['pwd', 'otp']))).toBe(true);
    expect(campusSignInUsedSeveralFactors(profile(['hwk']))).toBe(true);
    expect(campusSignInUsedSeveralFactors(profile([], 'https://refeds.org/profile/mfa'))).toBe(true);
    expect(campusSignInUsedSeveralFactors(profile(['pwd']))).toBe(false);
    expect(campusSignInUsedSeveralFactors(profile([], 'urn:mace:incommon:iap:silver'))).toBe(false);
    expect(campusSignInUsedSeveralFactors(profile([]))).toBe(false);
  });
});

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** The code an authenticator app holding `secret` shows now. */
function appCode(secret: string, at: Date = t.clock()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at.getTime() });
}

async function passwordSignIn(email: string, password = DEFAULT_TEST_PASSWORD) {
  const response = await postLogin(t.app, { email, password });
  expect(response.statusCode, response.body).toBe(200);
  return {
    cookie: cookieHeader(response),
    step: response.json<{ secondFactorStep: string | null }>().secondFactorStep,
  };
}

/** Sets up an authenticator app in the session; answers its secret and the recovery codes. */
async function enrolApp(cookie: string, extra: { currentPassword?: string } = {}) {
  const started = await request(t.app, 'POST', apiPaths.secondFactorTotpStart, { as: cookie });
  expect(started.statusCode, started.body).toBe(200);
  const { secret, uri } = started.json<TotpEnrolment>();
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(uri).toContain(`secret=${secret}`);
  const confirmed = await request(t.app, 'POST', apiPaths.secondFactorTotp, {
    as: cookie,
    payload: { code: appCode(secret), label: 'Phone', ...extra },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(201);
  return { secret, enrolled: confirmed.json<Enrolled>() };
}

const verify = (cookie: string, code: string) =>
  request(t.app, 'POST', apiPaths.secondFactorVerify, { as: cookie, payload: { code } });

/** The next time step, so an app shows a code not yet used. */
const nextStep = () => t.clock.advance(30_000);

describe('the first administrator', () => {
  test('sets up a second factor at the first sign-in, reaches nothing else until then, and gets ten recovery codes', async () => {
    const { user } = await createAdminRecord(t.db, { name: 'Dana Dean' });
    const { cookie, step } = await passwordSignIn(user.email);
    expect(step).toBe('enrol');

    for (const [method, url] of [
      ['GET', apiPaths.adminDashboard],
      ['GET', apiPaths.adminSettings],
      ['GET', apiPaths.tutors],
      ['GET', apiPaths.accountSessions],
      ['PATCH', apiPaths.account],
    ] as const) {
      const refused = await request(t.app, method, url, { as: cookie, payload: method === 'PATCH' ? {} : undefined });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error.code).toBe('second_factor_enrolment_required');
    }
    // Who it is, the public settings and signing out stay reachable.
    expect((await request(t.app, 'GET', apiPaths.session, { as: cookie })).json()).toMatchObject({
      account: { id: user.id },
      secondFactorStep: 'enrol',
    });
    expect((await request(t.app, 'GET', apiPaths.publicSettings, { as: cookie })).statusCode).toBe(200);

    const { enrolled } = await enrolApp(cookie);
    expect(enrolled.factor).toMatchObject({ kind: 'totp', label: 'Phone' });
    expect(enrolled.recoveryCodes).toHaveLength(10);
    expect(new Set(enrolled.recoveryCodes).size).toBe(10);
    // Stored hashed: no code appears in the table.
    const stored = await t.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const code of enrolled.recoveryCodes!) expect(JSON.stringify(stored)).not.toContain(code);

    // The session that set it up has shown it holds it.
    expect((await request(t.app, 'GET', apiPaths.adminDashboard, { as: cookie })).statusCode).toBe(200);
    expect(await getSessionAccount(t.app, cookie)).toMatchObject({ role: 'admin' });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'second_factor_added'));
    expect(entry).toMatchObject({ actorId: user.id, targetType: 'user', targetId: user.id });
    expect(JSON.stringify(entry)).not.toMatch(/secret/i);
  });

  test('the generated first administrator: the forced password change first, then the second factor, then the console', async () => {
    await prepareDatabase(t.config, t.database, t.app.log, t.clock());
    const file = path.join(t.dataDir, INITIAL_ADMIN_FILE);
    const password = /^password: (\S+)$/m.exec(await readFile(file, 'utf8'))![1]!;
    const { cookie, step } = await passwordSignIn(DEFAULT_ADMIN_EMAIL, password);
    expect(step).toBe('enrol');
    // The password change comes first: setting up a factor waits for it.
    const early = await request(t.app, 'POST', apiPaths.secondFactorTotpStart, { as: cookie });
    expect(early.json().error.code).toBe('password_change_required');
    const changed = await request(t.app, 'POST', apiPaths.accountPassword, {
      as: cookie,
      payload: { currentPassword: password, newPassword: 'a password only I know' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await request(t.app, 'GET', apiPaths.adminUsers, { as: cookie })).json().error.code).toBe(
      'second_factor_enrolment_required',
    );
    await enrolApp(cookie);
    expect((await request(t.app, 'GET', apiPaths.adminUsers, { as: cookie })).statusCode).toBe(200);
  });

  test('an authenticator-app secret is stored sealed, not as the app reads it', async () => {
    const admin = await createAdminRecord(t.db);
    const { cookie } = await passwordSignIn(admin.user.email);
    const { secret } = await enrolApp(cookie);
    const [row] = await t.db.select().from(secondFactors).where(eq(secondFactors.userId, admin.user.id));
    expect(row!.totpSecret).not.toContain(secret);
  });

  test('a wrong code does not set it up; the same secret can be confirmed after a typo', async () => {
    const admin = await createAdminRecord(t.db);
    const { cookie } = await passwordSignIn(admin.user.email);
    const started = await request(t.app, 'POST', apiPaths.secondFactorTotpStart, { as: cookie });
    const { secret } = started.json<TotpEnrolment>();
    const wrong = String((Number(appCode(secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await request(t.app, 'POST', apiPaths.secondFactorTotp, {
      as: cookie,
      payload: { code: wrong, label: 'Phone' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual([{ path: 'code', message: expect.any(String) }]);
    const accepted = await request(t.app, 'POST', apiPaths.secondFactorTotp, {
      as: cookie,
      payload: { code: appCode(secret), label: 'Phone' },
    });
    expect(accepted.statusCode).toBe(201);
  });

  test('a session signed in more than ten minutes ago gives the password before adding a factor', async () => {
    const admin = await createAdminRecord(t.db);
    const { cookie } = await passwordSignIn(admin.user.email);
    t.clock.advance(11 * 60_000);
    const started = await request(t.app, 'POST', apiPaths.secondFactorTotpStart, { as: cookie });
    const { secret } = started.json<TotpEnrolment>();
    const withoutPassword = await request(t.app, 'POST', apiPaths.secondFactorTotp, {
      as: cookie,
      payload: { code: appCode(secret), label: 'Phone' },
    });
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json().error.fields[0].path).toBe('currentPassword');
    await enrolApp(cookie, { currentPassword: DEFAULT_TEST_PASSWORD });
  });
});

describe('signing in with a second factor', () => {
  async function adminWithApp() {
    const { user } = await createAdminRecord(t.db, { name: 'Dana Dean' });
    const first = await passwordSignIn(user.email);
    const { secret, enrolled } = await enrolApp(first.cookie);
    nextStep();
    return { user, secret, recoveryCodes: enrolled.recoveryCodes! };
  }

  test('the password alone reaches only the second step; a code from the app completes the sign-in', async () => {
    const { user, secret } = await adminWithApp();
    const { cookie, step } = await passwordSignIn(user.email);
    expect(step).toBe('verify');
    const refused = await request(t.app, 'GET', apiPaths.adminDashboard, { as: cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('second_factor_required');
    expect((await request(t.app, 'GET', apiPaths.tutors, { as: cookie })).statusCode).toBe(403);
    expect((await request(t.app, 'GET', apiPaths.session, { as: cookie })).json()).toMatchObject({
      account: { role: 'admin' },
      secondFactorStep: 'verify',
    });

    const passed = await verify(cookie, appCode(secret));
    expect(passed.statusCode, passed.body).toBe(200);
    expect((await request(t.app, 'GET', apiPaths.adminDashboard, { as: cookie })).statusCode).toBe(200);
    expect((await request(t.app, 'GET', apiPaths.session, { as: cookie })).json()).toMatchObject({
      account: { role: 'admin' },
      secondFactorStep: null,
    });
    // Passed once is enough: the step is not taken again.
    expect((await verify(cookie, appCode(secret))).statusCode).toBe(409);
  });

  test('a code is accepted once: the same code in another session is refused', async () => {
    const { user, secret } = await adminWithApp();
    const code = appCode(secret);
    const first = await passwordSignIn(user.email);
    expect((await verify(first.cookie, code)).statusCode).toBe(200);
    const second = await passwordSignIn(user.email);
    const replayed = await verify(second.cookie, code);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error.fields[0].path).toBe('code');
  });

  test('each recovery code works once, typed with or without its dash', async () => {
    const { user, recoveryCodes: codes } = await adminWithApp();
    const first = await passwordSignIn(user.email);
    expect((await verify(first.cookie, codes[0]!.toUpperCase().replace('-', ' '))).statusCode).toBe(200);
    const second = await passwordSignIn(user.email);
    expect((await verify(second.cookie, codes[0]!)).statusCode).toBe(400);
    expect((await verify(second.cookie, codes[1]!)).statusCode).toBe(200);
    const status = await request(t.app, 'GET', apiPaths.secondFactor, { as: second.cookie });
    expect(status.json<SecondFactorStatus>()).toMatchObject({ recoveryCodesLeft: 8, required: true, step: null });
  });

  test('wrong codes count like failed logins: past the account ceiling the step answers 429', async () => {
    await t.close();
    t = await createTestApp({ env: { RATE_LIMIT_LOGIN_PER_ACCOUNT: '10/15m' } });
    const { user, secret } = await adminWithApp();
    const { cookie } = await passwordSignIn(user.email);
    const right = appCode(secret);
    const wrong = String((Number(right) + 7) % 1_000_000).padStart(6, '0');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await verify(cookie, wrong)).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    // The owner's right code waits too: guessing cannot go on in the meantime.
    expect((await verify(cookie, right)).statusCode).toBe(429);
  });

  test('a student who opted in is asked too; the site requirement does not make them set one up', async () => {
    const { user } = await createUserRecord(t.db, { verified: true });
    const first = await passwordSignIn(user.email);
    expect(first.step).toBeNull();
    const { secret, enrolled } = await enrolApp(first.cookie);
    expect(enrolled.recoveryCodes).toHaveLength(10);
    nextStep();
    const next = await passwordSignIn(user.email);
    expect(next.step).toBe('verify');
    expect((await request(t.app, 'GET', apiPaths.myReviews, { as: next.cookie })).statusCode).toBe(403);
    expect((await verify(next.cookie, appCode(secret))).statusCode).toBe(200);
    expect((await request(t.app, 'GET', apiPaths.myReviews, { as: next.cookie })).statusCode).toBe(200);
  });
});

describe('administrator powers and the requirement', () => {
  test('a promotion takes effect at the next sign-in with a second factor', async () => {
    const admin = await signedInAdmin(t);
    const { user: student } = await createUserRecord(t.db, { verified: true });
    const before = await passwordSignIn(student.email);
    const promoted = await callAs(t, admin, 'PATCH', apiPaths.adminUser(student.id), { role: 'admin' });
    expect(promoted.statusCode).toBe(200);

    // A role change moves the credential epoch: the student's session is over.
    expect(await getSessionAccount(t.app, before.cookie)).toBeNull();
    expect((await request(t.app, 'GET', apiPaths.adminDashboard, { as: before.cookie })).statusCode).toBe(401);

    // Signed in again, the administrator's powers wait for a second factor.
    const next = await passwordSignIn(student.email);
    expect(next.step).toBe('enrol');
    const refused = await request(t.app, 'GET', apiPaths.adminDashboard, { as: next.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('second_factor_enrolment_required');
    await enrolApp(next.cookie);
    expect((await request(t.app, 'GET', apiPaths.adminDashboard, { as: next.cookie })).statusCode).toBe(200);
  });

  test('with the requirement off, an administrator without a second factor signs in with the password alone', async () => {
    await t.db.insert(settings).values({ key: 'adminsMustUseSecondFactor', value: false });
    const { user } = await createAdminRecord(t.db);
    const { cookie, step } = await passwordSignIn(user.email);
    expect(step).toBeNull();
    expect((await request(t.app, 'GET', apiPaths.adminDashboard, { as: cookie })).statusCode).toBe(200);
  });

  test('the requirement is on for a new installation, and administrators may turn it off in Settings', async () => {
    const admin = await signedInAdmin(t);
    const read = await callAs(t, admin, 'GET', apiPaths.adminSettings);
    expect(read.json()).toMatchObject({ adminsMustUseSecondFactor: true, campusSecondFactorTrusted: false });
    const changed = await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { adminsMustUseSecondFactor: false });
    expect(changed.json()).toMatchObject({ adminsMustUseSecondFactor: false });
  });

  test('an administrator session that has not passed a second factor where one is required acts as a student', async () => {
    const { user } = await createAdminRecord(t.db);
    const cookie = await sessionCookieFor(t, user.id, 'not_asked');
    expect(await getSessionAccount(t.app, cookie)).toMatchObject({ role: 'student' });
    expect((await request(t.app, 'GET', apiPaths.adminUsers, { as: cookie })).statusCode).toBe(403);
  });
});

describe('managing second factors', () => {
  async function studentWithApp() {
    const { user } = await createUserRecord(t.db, { verified: true });
    const { cookie } = await passwordSignIn(user.email);
    const { enrolled } = await enrolApp(cookie);
    return { user, cookie, enrolled };
  }

  test('removing a factor asks for the password, and is written to the audit log', async () => {
    const { user, cookie, enrolled } = await studentWithApp();
    const url = apiPaths.secondFactorFactor(enrolled.factor.id);
    const unconfirmed = await request(t.app, 'DELETE', url, { as: cookie, payload: {} });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error.fields[0].path).toBe('currentPassword');
    const wrong = await request(t.app, 'DELETE', url, { as: cookie, payload: { currentPassword: 'not it at all' } });
    expect(wrong.statusCode).toBe(400);
    const removed = await request(t.app, 'DELETE', url, {
      as: cookie,
      payload: { currentPassword: DEFAULT_TEST_PASSWORD },
    });
    expect(removed.statusCode).toBe(204);
    const status = (await request(t.app, 'GET', apiPaths.secondFactor, { as: cookie })).json<SecondFactorStatus>();
    expect(status).toMatchObject({ factors: [], recoveryCodesLeft: 0, required: false });
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.actorId, user.id))).map((e) => e.action);
    expect(actions.sort()).toEqual(['second_factor_added', 'second_factor_removed']);
    // Without a factor, the next sign-in asks for nothing more.
    expect((await passwordSignIn(user.email)).step).toBeNull();
  });

  test('an administrator who must use a second factor cannot remove the last one', async () => {
    const { user } = await createAdminRecord(t.db);
    const { cookie } = await passwordSignIn(user.email);
    const { enrolled } = await enrolApp(cookie);
    const refused = await request(t.app, 'DELETE', apiPaths.secondFactorFactor(enrolled.factor.id), {
      as: cookie,
      payload: { currentPassword: DEFAULT_TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(409);
  });

  test('new recovery codes ask for the password and void the old ones', async () => {
    const { user, cookie, enrolled } = await studentWithApp();
    expect(
      (await request(t.app, 'POST', apiPaths.recoveryCodes, { as: cookie, payload: {} })).json().error.fields[0].path,
    ).toBe('currentPassword');
    const renewed = await request(t.app, 'POST', apiPaths.recoveryCodes, {
      as: cookie,
      payload: { currentPassword: DEFAULT_TEST_PASSWORD },
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(fresh).toHaveLength(10);
    const next = await passwordSignIn(user.email);
    expect((await verify(next.cookie, enrolled.recoveryCodes![0]!)).statusCode).toBe(400);
    expect((await verify(next.cookie, fresh[0]!)).statusCode).toBe(200);
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'recovery_codes_regenerated'));
    expect(entry).toMatchObject({ actorId: user.id });
  });

  test('a second factor is only ever added to the signed-in account, and the sign-in step needs a session', async () => {
    for (const [method, url] of [
      ['GET', apiPaths.secondFactor],
      ['POST', apiPaths.secondFactorTotpStart],
      ['POST', apiPaths.secondFactorVerifyPasskeyOptions],
    ] as const) {
      expect((await request(t.app, method, url)).statusCode).toBe(401);
    }
  });
});

describe('passkeys', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
  });
  afterEach(() => t.close());

  test('are offered with EdDSA, ES256 and RS256, never an algorithm the runtime marks experimental', async () => {
    const student = await createUserRecord(t.db, { verified: true });
    const cookie = await sessionCookieFor(t, student.user.id);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => void warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const options = await request(t.app, 'POST', apiPaths.secondFactorPasskeyOptions, { as: cookie });
      expect(options.statusCode, options.body).toBe(200);
      const { pubKeyCredParams } = options.json<{ pubKeyCredParams: { alg: number }[] }>();
      expect(pubKeyCredParams.map((param) => param.alg)).toEqual([-8, -7, -257]);
      // Node reports an experimental algorithm's first use on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((warning) => warning.includes('ML-DSA'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
