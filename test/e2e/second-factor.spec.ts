import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { accessibilityViolations } from './axe';
import { e2eServerForPasskeys } from './e2e-server';
import { createStudent, expect, expectNoSidewaysScroll, test } from './fixtures';

// The second factor in a real browser: passkeys through Chromium's virtual authenticator (the
// DevTools WebAuthn domain), an authenticator app whose codes the test computes from the secret
// the page shows, recovery codes used once, and the first administrator setting one up.

const passkeySite = e2eServerForPasskeys.url;

/** A platform authenticator that says yes at once, as a fingerprint reader a person touches would. */
async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

async function signInWithPassword(page: Page, site: string, credentials: { email: string; password: string }) {
  await page.goto(`${site}/login`);
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function signOut(page: Page, site: string) {
  expect((await page.request.post(`${site}/api/auth/logout`)).status()).toBe(204);
}

test('a student adds a passkey in Profile → Security and signs in with it; each recovery code works once', async ({
  page,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: passkeySite });
  const student = await createStudent(api, { outbox: path.join(e2eServerForPasskeys.dataDir, 'outbox') });
  await api.dispose();
  await addVirtualAuthenticator(page);

  await signInWithPassword(page, passkeySite, student);
  await expect(page).toHaveURL(`${passkeySite}/user/`);
  await page.goto(`${passkeySite}/user/profile`);
  const security = page.getByRole('region', { name: 'Second factor' });
  await expect(security.getByText('You have no second factor yet')).toBeVisible();
  await security.getByRole('button', { name: 'Add a passkey' }).click();
  await security.getByLabel('Name').fill('Laptop');
  await security.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(page.getByText('Passkey added.')).toBeVisible();
  const codes = await security.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  await expect(security.getByRole('button', { name: 'Remove Laptop' })).toBeVisible();
  await expect(security.getByText('10 recovery codes left.')).toBeVisible();
  await expectNoSidewaysScroll(page, 'Profile with a passkey, on a desktop');

  await test.step('the password alone now leads to the second step; the passkey completes it', async () => {
    await signOut(page, passkeySite);
    await signInWithPassword(page, passkeySite, student);
    await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
    await page.getByRole('button', { name: 'Use my passkey' }).click();
    await expect(page).toHaveURL(`${passkeySite}/user/`);
  });

  await test.step('a recovery code signs in once, and not twice', async () => {
    await signOut(page, passkeySite);
    await signInWithPassword(page, passkeySite, student);
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(`${passkeySite}/user/`);
    await signOut(page, passkeySite);
    await signInWithPassword(page, passkeySite, student);
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('This code is not correct, or it has already been used.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/second-factor/);
  });
});

test('the first administrator chooses a password, then sets up a passkey, then reaches the console', async ({
  page,
}) => {
  const initial = await readFile(path.join(e2eServerForPasskeys.dataDir, 'initial-admin.txt'), 'utf8');
  const field = (name: string) => new RegExp(`^${name}: (\\S+)$`, 'm').exec(initial)![1]!;
  await addVirtualAuthenticator(page);
  await signInWithPassword(page, passkeySite, { email: field('email'), password: field('password') });

  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('Password you were given').fill(field('password'));
  await page.getByLabel('New password', { exact: true }).fill('a long password only I know');
  await page.getByLabel('Confirm new password').fill('a long password only I know');
  await page.getByRole('button', { name: 'Save password' }).click();

  await expect(page.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible();
  // The console stays closed until then, whatever the address.
  await page.goto(`${passkeySite}/admin/users`);
  await expect(page.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page, 'second factor setup on a phone');
  await page.getByRole('button', { name: 'Create a passkey' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  expect(await accessibilityViolations(page), 'accessibility violations beside the recovery codes').toEqual([]);
  await expectNoSidewaysScroll(page, 'the recovery codes on a phone');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`${passkeySite}/admin/users`);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
});

test('a student adds an authenticator app with the key typed from the page, and signs in with its code', async ({
  page,
  request,
}) => {
  const student = await createStudent(request);
  await signInWithPassword(page, '', student);
  await expect(page).toHaveURL('/user/');
  await page.goto('/user/profile');
  const security = page.getByRole('region', { name: 'Second factor' });
  await security.getByRole('button', { name: 'Add an authenticator app' }).click();
  await security.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const typed = await security.locator('code').textContent();
  const secret = Secret.fromBase32(typed!.replace(/\s/g, ''));
  const app = new TOTP({ secret });
  const enrolledAt = Date.now();
  await security.getByLabel('Code from the app').fill(app.generate({ timestamp: enrolledAt }));
  await security.getByRole('button', { name: 'Add the app' }).click();
  await expect(page.getByText('Authenticator app added.')).toBeVisible();
  await expect(security.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);

  await signOut(page, '');
  await signInWithPassword(page, '', student);
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  // The code the app shows next: the one used to set it up is never taken again.
  await page
    .getByLabel('Code from your authenticator app, or a recovery code')
    .fill(app.generate({ timestamp: enrolledAt + 30_000 }));
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/user/');
});
