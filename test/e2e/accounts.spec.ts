import { accessibilityViolations } from './axe';
import { createStudent, expect, expectNoSidewaysScroll, latestMailTo, logInAs, test } from './fixtures';

test('a student who forgot their password chooses a new one through the mailed link', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const student = await createStudent(page.request);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password', level: 1 })).toBeVisible();
  expect(await accessibilityViolations(page), 'accessibility violations on /forgot-password').toEqual([]);
  await expectNoSidewaysScroll(page, '/forgot-password');
  await page.getByLabel('Email').fill(student.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(student.email);

  const link = new URL((await latestMailTo(student.email, undefined, '/reset-password')).link!);
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('a-much-better-passphrase-7');
  await expect(page.getByText(/Strength: /)).toBeVisible();
  expect(await accessibilityViolations(page), 'accessibility violations on /reset-password').toEqual([]);
  await expectNoSidewaysScroll(page, '/reset-password');
  await page.getByLabel('Confirm new password').fill('a-much-better-passphrase-7');
  await page.getByRole('button', { name: 'Change password' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(student.email);
  await page.getByLabel('Password', { exact: true }).fill('a-much-better-passphrase-7');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/user/);
});

test('the profile lists sessions, signs out another one, and deletes the account', async ({ page, browser }) => {
  const student = await createStudent(page.request);
  const otherContext = await browser.newContext();
  const otherTab = await otherContext.newPage();
  await logInAs(otherTab, student);
  await logInAs(page, student);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/user/profile');
  const sessionsRegion = page.getByRole('region', { name: 'Your sessions' });
  await expect(sessionsRegion.getByText('This browser')).toBeVisible();
  await expect(sessionsRegion.getByRole('listitem')).toHaveCount(2);
  expect(await accessibilityViolations(page), 'accessibility violations on /user/profile').toEqual([]);
  await expectNoSidewaysScroll(page, '/user/profile');

  await sessionsRegion.getByRole('button', { name: /^Sign out .* on / }).click();
  await expect(sessionsRegion.getByRole('listitem')).toHaveCount(1);
  const otherSession = await otherTab.request.get('/api/session');
  expect((await otherSession.json()).account).toBeNull();
  await otherContext.close();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  expect((await download).suggestedFilename()).toMatch(/^tutorly-account-.*\.json$/);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  expect(await accessibilityViolations(page), 'accessibility violations in the delete dialog').toEqual([]);
  await dialog.getByLabel('Current password').fill(student.password);
  await dialog.getByLabel(`Type ${student.email} to confirm`).fill(student.email);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  const login = await page.request.post('/api/auth/login', {
    data: { email: student.email, password: student.password },
  });
  expect(login.status()).toBe(401);
});

test('"Cancel this change" in the notice to the old address keeps the address and signs out everywhere', async ({
  page,
  browser,
}) => {
  const student = await createStudent(page.request);
  await logInAs(page, student);
  const newEmail = `moved-${Date.now()}@uni.example`;
  const asked = await page.request.post('/api/account/email', {
    data: { newEmail, currentPassword: student.password },
  });
  expect(asked.status()).toBe(202);

  const notice = new URL((await latestMailTo(student.email, undefined, '/cancel-email-change')).link!);
  const mailReader = await (await browser.newContext()).newPage();
  await mailReader.setViewportSize({ width: 360, height: 740 });
  await mailReader.goto(notice.pathname + notice.search);
  await expect(mailReader.getByRole('heading', { name: 'Cancel the change of email', level: 1 })).toBeVisible();
  expect(await accessibilityViolations(mailReader), 'accessibility violations on /cancel-email-change').toEqual([]);
  await expectNoSidewaysScroll(mailReader, '/cancel-email-change');
  await mailReader.getByRole('button', { name: 'Cancel this change' }).click();
  await expect(mailReader.getByRole('status')).toContainText(student.email);

  expect((await (await page.request.get('/api/session')).json()).account).toBeNull();
  const link = new URL((await latestMailTo(newEmail, undefined, '/confirm-email')).link!);
  const confirmed = await page.request.post('/api/auth/email-change/confirm', {
    data: { token: link.searchParams.get('token') },
  });
  // The cancelled change's link is gone.
  expect(confirmed.status()).toBe(400);
});
