import type { Page, Response } from '@playwright/test';
import { accessibilityViolations } from './axe';
import { createStudent, expect, expectNoSidewaysScroll, logInAs, test } from './fixtures';

const pageTheme = (page: Page) => page.locator('html').getAttribute('data-theme');
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** The page's first HTML, as the server sent it: what the browser paints before any script runs. */
async function firstHtml(response: Response | null): Promise<string> {
  expect(response?.status()).toBe(200);
  return (await response!.text()).slice(0, 200);
}

test('a student chooses Dark: the next page comes dark in its first bytes, and so does a new sign-in elsewhere', async ({
  page,
  browser,
}) => {
  const student = await createStudent(page.request);
  await logInAs(page, student);
  await page.goto('/user/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await pageTheme(page)).toBeNull();
  const lightBackground = await bodyBackground(page);

  await page.getByRole('button', { name: 'Account' }).click();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/account') && r.request().method() === 'PATCH');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('Dark');
  expect(await pageTheme(page)).toBe('dark');
  expect(await bodyBackground(page)).not.toBe(lightBackground);
  expect((await saved).status()).toBe(200);
  expect(await accessibilityViolations(page), 'the open account menu in dark').toEqual([]);

  expect(await firstHtml(await page.reload())).toContain('<html data-theme="dark"');
  await page.goto('/user/profile');
  await expect(page.getByRole('heading', { name: 'Appearance' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Theme' }).last()).toHaveValue('dark');
  expect(await accessibilityViolations(page), 'the profile in dark').toEqual([]);

  // Another device, never told: signing in brings the account's theme to it.
  const elsewhere = await browser.newContext({ colorScheme: 'light' });
  try {
    const other = await elsewhere.newPage();
    await logInAs(other, student);
    expect(await firstHtml(await other.goto('/user/tutors'))).toContain('<html data-theme="dark"');
    await expect(other.getByRole('heading', { name: 'Tutors', level: 1 })).toBeVisible();
    expect(await accessibilityViolations(other), 'the tutor list in dark').toEqual([]);
  } finally {
    await elsewhere.close();
  }

  // Back to the system's preference: the cookie goes, and the page follows the system again.
  await page.getByRole('combobox', { name: 'Theme' }).last().selectOption('System');
  await expect.poll(() => pageTheme(page)).toBeNull();
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === 'theme')).toBe(false);
  expect(await firstHtml(await page.reload())).toContain('<html lang="en">');
  expect(await bodyBackground(page)).toBe(lightBackground);
});

test('a visitor chooses Dark on the login page, kept on this device for the landing page too', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await page.getByRole('combobox', { name: 'Theme' }).selectOption('Dark');
  expect(await pageTheme(page)).toBe('dark');
  await expectNoSidewaysScroll(page, 'the login page at 360 px');

  expect(await firstHtml(await page.reload())).toContain('<html data-theme="dark"');
  expect(await accessibilityViolations(page), 'the login page in dark').toEqual([]);
  expect(await firstHtml(await page.goto('/'))).toContain('<html data-theme="dark"');
  await expect(page.getByRole('heading', { name: /Welcome to/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Theme' })).toHaveValue('dark');
  expect(await accessibilityViolations(page), 'the landing page in dark').toEqual([]);
  await expectNoSidewaysScroll(page, 'the landing page at 360 px');

  await page.getByRole('combobox', { name: 'Theme' }).selectOption('Light');
  expect(await firstHtml(await page.reload())).toContain('<html data-theme="light"');
});
