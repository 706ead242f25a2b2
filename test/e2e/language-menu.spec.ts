import type { Page, Response } from '@playwright/test';
import { createStudent, expect, expectNoSidewaysScroll, logInAs, test } from './fixtures';

const htmlAttribute = (page: Page, name: 'lang' | 'dir') => page.locator('html').getAttribute(name);
/** The language menu, by its label in any of the three languages. */
const languageMenu = (page: Page) => page.getByRole('combobox', { name: /^(Language|Idioma|اللغة)$/ });

/** The page's first HTML, as the server sent it: what the browser lays out before any script runs. */
async function firstHtml(response: Response | null): Promise<string> {
  expect(response?.status()).toBe(200);
  return (await response!.text()).slice(0, 200);
}

test('a visitor reads in Spanish from the landing page; signed in, Arabic right to left, on every device', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await htmlAttribute(page, 'lang')).toBe('en');

  await languageMenu(page).selectOption('Español');
  await expect.poll(() => htmlAttribute(page, 'lang')).toBe('es');
  expect(await htmlAttribute(page, 'dir')).toBe('ltr');
  await expect(languageMenu(page)).toHaveAccessibleName('Idioma');
  // Kept on this device: the next page is Spanish from its first byte.
  expect(await firstHtml(await page.reload())).toContain('<html lang="es" dir="ltr">');
  await expect(languageMenu(page)).toHaveValue('es');

  // Signing up from a Spanish page makes a Spanish account.
  const student = await createStudent(page.request);
  await logInAs(page, student);
  expect(await firstHtml(await page.goto('/user/dashboard'))).toContain('<html lang="es" dir="ltr">');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The top bar's menu, with the keyboard: the page turns right to left at once, without a reload.
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/account') && r.request().method() === 'PATCH');
  const menu = languageMenu(page).first();
  await menu.focus();
  await menu.selectOption('العربية');
  await expect.poll(() => htmlAttribute(page, 'dir')).toBe('rtl');
  expect(await htmlAttribute(page, 'lang')).toBe('ar');
  const answer = await saved;
  expect(answer.status()).toBe(200);
  expect((await answer.json()).account.language).toBe('ar');

  expect(await firstHtml(await page.reload())).toContain('<html lang="ar" dir="rtl">');
  await expect(languageMenu(page).first()).toHaveValue('ar');
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(languageMenu(page).first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'the dashboard in Arabic at 360 px');

  // Another device, never told: signing in brings the account's language to it.
  const elsewhere = await browser.newContext();
  try {
    const other = await elsewhere.newPage();
    await logInAs(other, student);
    expect(await firstHtml(await other.goto('/user/tutors'))).toContain('<html lang="ar" dir="rtl">');
    await expect(other.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(languageMenu(other).first()).toHaveValue('ar');
  } finally {
    await elsewhere.close();
  }
});

test('a visitor changes language on the login page at 360 px, and back to English', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await languageMenu(page).selectOption('العربية');
  await expect.poll(() => htmlAttribute(page, 'dir')).toBe('rtl');
  await expectNoSidewaysScroll(page, 'the login page in Arabic at 360 px');
  expect(await firstHtml(await page.reload())).toContain('<html lang="ar" dir="rtl">');

  await languageMenu(page).selectOption('English');
  await expect.poll(() => htmlAttribute(page, 'lang')).toBe('en');
  expect(await htmlAttribute(page, 'dir')).toBe('ltr');
  expect(await firstHtml(await page.reload())).toContain('<html lang="en">');
});
