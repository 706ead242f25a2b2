import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { users } from '../../src/server/db/schema';
import { HOUR_MS } from '../../src/server/lib/clock';
import { SUPERSEDED_LINK_MESSAGE } from '../../src/server/services/accounts/email-verification';
import { issueInvitationSecret } from '../../src/server/services/accounts/invitations';
import { apiPaths } from '../../src/shared/api-paths';
import { type Actor, callAs, signedInAdmin } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { getSessionAccount, login, loginAttempt } from '../helpers/auth';
import { createUserRecord, DEFAULT_TEST_PASSWORD, uniqueEmail } from '../helpers/factories';
import { readMails } from '../helpers/mail';
import { request } from '../helpers/requests';

/*
 * The credential epoch (docs/decisions/0029-credential-epoch.md): every change of the way into an
 * account closes every door opened before it. Each scenario is one an outside review ran against
 * the accounts as they were.
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const NEW_PASSWORD = 'a fresh and long passphrase';

async function signedInStudent(): Promise<Actor & { password: string }> {
  const { user, password } = await createUserRecord(t.db, { verified: true });
  return { user, password, cookie: await login(t.app, { email: user.email, password }) };
}

const changeEmail = (as: string, newEmail: string, currentPassword: string) =>
  request(t.app, 'POST', apiPaths.accountEmail, { as, payload: { newEmail, currentPassword } });
const confirmChange = (token: string, as?: string) =>
  request(t.app, 'POST', apiPaths.confirmEmailChange, { as, payload: { token } });
const cancelChange = (token: string) => request(t.app, 'POST', apiPaths.cancelEmailChange, { payload: { token } });
const askForReset = (email: string) => request(t.app, 'POST', apiPaths.passwordReset, { payload: { email } });
const confirmReset = (token: string, password = NEW_PASSWORD) =>
  request(t.app, 'POST', apiPaths.passwordResetConfirm, { payload: { token, password } });

async function tokenIn(to: string, page: string): Promise<string> {
  const mail = (await readMails(t.outboxDir)).filter((m) => m.to === to).at(-1);
  const link = new RegExp(`https?://\\S+/${page}\\?token=\\S+`).exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no ${page} link mailed to ${to}`);
  return new URL(link).searchParams.get('token')!;
}

function expectSuperseded(response: { statusCode: number; json: () => { error: { message: string } } }) {
  expect(response.statusCode).toBe(410);
  expect(response.json().error.message).toBe(SUPERSEDED_LINK_MESSAGE);
}

describe('1. a pending change of address dies with the password', () => {
  test("the owner's password reset kills the attacker's pending change, and its reset path with it", async () => {
    const owner = await signedInStudent();
    // The attacker knows the password and asks to move the address to their own.
    const attackerAddress = uniqueEmail('attacker');
    expect((await changeEmail(owner.cookie, attackerAddress, owner.password)).statusCode).toBe(202);
    const attackerToken = await tokenIn(attackerAddress, 'confirm-email');

    // The owner follows the notice's advice: a password reset.
    await askForReset(owner.user.email);
    expect((await confirmReset(await tokenIn(owner.user.email, 'reset-password'))).statusCode).toBe(204);

    expectSuperseded(await confirmChange(attackerToken));
    const [stored] = await t.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(stored!.email).toBe(owner.user.email);
    // "Forgot password" on the attacker's address finds nothing.
    await askForReset(attackerAddress);
    expect(
      (await readMails(t.outboxDir)).filter((m) => m.to === attackerAddress && /reset-password/.test(m.text)),
    ).toEqual([]);
  });

  test('a password change kills it too, and the session that changed it stays', async () => {
    const owner = await signedInStudent();
    const elsewhere = await login(t.app, { email: owner.user.email, password: owner.password });
    const attackerAddress = uniqueEmail('attacker');
    await changeEmail(elsewhere, attackerAddress, owner.password);
    const attackerToken = await tokenIn(attackerAddress, 'confirm-email');

    const changed = await callAs(t, owner, 'POST', apiPaths.accountPassword, {
      currentPassword: owner.password,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(204);

    expectSuperseded(await confirmChange(attackerToken));
    expect(await getSessionAccount(t.app, owner.cookie)).toMatchObject({ email: owner.user.email });
    expect(await getSessionAccount(t.app, elsewhere)).toBeNull();
  });

  test('"Cancel this change" in the notice to the old address works without signing in and signs out everywhere', async () => {
    const owner = await signedInStudent();
    const attackerAddress = uniqueEmail('attacker');
    await changeEmail(owner.cookie, attackerAddress, owner.password);
    const attackerToken = await tokenIn(attackerAddress, 'confirm-email');
    const notice = (await readMails(t.outboxDir)).filter((m) => m.to === owner.user.email).at(-1)!;
    expect(notice.text).toContain(attackerAddress);
    expect(notice.text).toContain('24 hours');

    const cancelled = await cancelChange(await tokenIn(owner.user.email, 'cancel-email-change'));
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ email: owner.user.email });

    expect((await confirmChange(attackerToken)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await getSessionAccount(t.app, owner.cookie)).toBeNull();
    expect((await loginAttempt(t.app, { email: owner.user.email, password: owner.password })).status).toBe(200);
  });

  test('both links live 24 hours', async () => {
    const owner = await signedInStudent();
    const newAddress = uniqueEmail('new');
    await changeEmail(owner.cookie, newAddress, owner.password);
    const confirmToken = await tokenIn(newAddress, 'confirm-email');
    const cancelToken = await tokenIn(owner.user.email, 'cancel-email-change');
    t.clock.advance(24 * HOUR_MS + 1000);
    expect((await confirmChange(confirmToken)).json().error.code).toBe('verification_expired');
    expect((await cancelChange(cancelToken)).json().error.code).toBe('verification_expired');
  });
});

describe('3. administrators change their address as students do', () => {
  test('with the current password, a link to the new address and a notice to the old', async () => {
    const admin = await signedInAdmin(t, 'Dana Dean');
    const refused = await callAs(t, admin, 'PATCH', apiPaths.account, { email: 'dana.new@uni.example' });
    expect(refused.statusCode).toBe(400);

    const wrong = await changeEmail(admin.cookie, 'dana.new@uni.example', 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect((await changeEmail(admin.cookie, 'dana.new@uni.example', DEFAULT_TEST_PASSWORD)).statusCode).toBe(202);
    const [unchanged] = await t.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(unchanged!.email).toBe(admin.user.email);
    expect((await readMails(t.outboxDir)).some((m) => m.to === admin.user.email && m.text.includes('dana.new'))).toBe(
      true,
    );

    expect((await confirmChange(await tokenIn('dana.new@uni.example', 'confirm-email'))).statusCode).toBe(200);
    expect((await loginAttempt(t.app, { email: 'dana.new@uni.example', password: DEFAULT_TEST_PASSWORD })).status).toBe(
      200,
    );
  });
});

describe('4. a reset link mailed to the old address', () => {
  test('is refused once the account has moved to a new one', async () => {
    const owner = await signedInStudent();
    const oldAddress = owner.user.email;
    await askForReset(oldAddress);
    const oldResetToken = await tokenIn(oldAddress, 'reset-password');

    const newAddress = uniqueEmail('moved');
    await changeEmail(owner.cookie, newAddress, owner.password);
    expect((await confirmChange(await tokenIn(newAddress, 'confirm-email'))).statusCode).toBe(200);

    expectSuperseded(await confirmReset(oldResetToken));
    expect((await loginAttempt(t.app, { email: newAddress, password: NEW_PASSWORD })).status).toBe(401);
    expect((await loginAttempt(t.app, { email: newAddress, password: owner.password })).status).toBe(200);
  });
});

describe('5. the change-of-address form tells nothing about other accounts', () => {
  test('an address with an account is answered 202 like any other, and its owner is told', async () => {
    const owner = await signedInStudent();
    const { user: other } = await createUserRecord(t.db, { verified: true });
    const { user: admin } = await createUserRecord(t.db, { role: 'admin', verified: true });
    const free = uniqueEmail('free');

    const answers = await Promise.all(
      [other.email, admin.email, free].map(async (address) => {
        const response = await changeEmail(owner.cookie, address, owner.password);
        return { status: response.statusCode, body: response.json() };
      }),
    );
    expect(answers).toEqual([
      { status: 202, body: { pendingEmail: other.email } },
      { status: 202, body: { pendingEmail: admin.email } },
      { status: 202, body: { pendingEmail: free } },
    ]);
    for (const taken of [other.email, admin.email]) {
      const mail = (await readMails(t.outboxDir)).filter((m) => m.to === taken).at(-1)!;
      expect(mail.text).toContain('This address already has an account');
      expect(mail.text).not.toMatch(/confirm-email/);
    }
    expect(await tokenIn(free, 'confirm-email')).toBeTruthy();
  });
});

describe('every change of the way in moves the epoch', () => {
  test('disabling and enabling an account kill its reset link; enabling does not revive it', async () => {
    const admin = await signedInAdmin(t);
    const owner = await signedInStudent();
    await askForReset(owner.user.email);
    const token = await tokenIn(owner.user.email, 'reset-password');
    expect((await callAs(t, admin, 'POST', apiPaths.disableUser(owner.user.id))).statusCode).toBe(200);
    expect((await callAs(t, admin, 'POST', apiPaths.enableUser(owner.user.id))).statusCode).toBe(200);
    expectSuperseded(await confirmReset(token));
  });

  test("a role change ends the account's sessions and kills its links", async () => {
    const admin = await signedInAdmin(t);
    const owner = await signedInStudent();
    await askForReset(owner.user.email);
    const token = await tokenIn(owner.user.email, 'reset-password');
    expect((await callAs(t, admin, 'PATCH', apiPaths.adminUser(owner.user.id), { role: 'admin' })).statusCode).toBe(
      200,
    );
    expect(await getSessionAccount(t.app, owner.cookie)).toBeNull();
    expectSuperseded(await confirmReset(token));
  });

  test('an invitation dies with a role change made after it was sent', async () => {
    const admin = await signedInAdmin(t);
    const { user: invitee } = await createUserRecord(t.db, { verified: true });
    const secret = await issueInvitationSecret(t.db, invitee.id, t.clock());
    await callAs(t, admin, 'PATCH', apiPaths.adminUser(invitee.id), { role: 'admin' });
    const accepted = await request(t.app, 'POST', apiPaths.acceptInvitation, {
      payload: { userId: invitee.id, secret, password: 'an invited administrator passphrase 2026' },
    });
    expectSuperseded(accepted);
  });

  test('"Sign out everywhere else" ends the other sessions and kills every mailed link; this session stays', async () => {
    const owner = await signedInStudent();
    const elsewhere = await login(t.app, { email: owner.user.email, password: owner.password });
    await askForReset(owner.user.email);
    const token = await tokenIn(owner.user.email, 'reset-password');
    expect((await callAs(t, owner, 'POST', apiPaths.signOutOtherSessions)).statusCode).toBe(204);
    expect(await getSessionAccount(t.app, elsewhere)).toBeNull();
    expect(await getSessionAccount(t.app, owner.cookie)).not.toBeNull();
    expectSuperseded(await confirmReset(token));
  });

  test('a reset link records the address it was sent to', async () => {
    const owner = await signedInStudent();
    await askForReset(owner.user.email);
    const rows = await t.db.query.emailVerifications.findMany({
      where: (links, { eq: equals }) => equals(links.userId, owner.user.id),
    });
    expect(rows.find((row) => row.purpose === 'password_reset')?.sentTo).toBe(owner.user.email);
  });
});
