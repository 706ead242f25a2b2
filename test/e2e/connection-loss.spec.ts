import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { accessibilityViolations } from './axe';
import { createStudent, expect, logInAs, test } from './fixtures';

/*
 * The student's side of an outage: the browser loses its connection (Chromium's own offline
 * mode) with a page open, and the reader moves to a page whose code it has not loaded yet. The
 * scale-out test (scale-out.spec.ts) has the server's side: no instance behind nginx, a deploy.
 */

type Texts = Record<string, Record<string, string>>;
const catalog = (language: string) =>
  JSON.parse(readFileSync(`src/web/i18n/locales/${language}/common.json`, 'utf8')) as Texts;

async function signedInStudentIn(browser: Browser, language: 'en' | 'ar'): Promise<Page> {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'lang', value: language, url: test.info().project.use.baseURL! }]);
  const page = await context.newPage();
  await logInAs(page, await createStudent(page.request));
  return page;
}

/**
 * Takes the browser off the network or back on, and waits until a request from the page really
 * fails or gets through: on a busy machine Chromium can still let one through just after the
 * switch, and the page would then load what the test means it to miss.
 */
async function setOnline(page: Page, online: boolean): Promise<void> {
  await page.context().setOffline(!online);
  await expect
    .poll(() =>
      page.evaluate(() =>
        fetch('/readyz', { cache: 'no-store' }).then(
          () => true,
          () => false,
        ),
      ),
    )
    .toBe(online);
}

async function siteName(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/settings')).json()) as { siteName: string }).siteName;
}

test('offline, a new page keeps the header and says the site cannot be reached; Retry brings it once back online', async ({
  browser,
}) => {
  const page = await signedInStudentIn(browser, 'en');
  const site = await siteName(page);
  await page.goto('/user/dashboard');
  const navigation = page.getByRole('navigation', { name: 'Main' });
  await expect(navigation).toBeVisible();

  await setOnline(page, false);
  await navigation.getByRole('link', { name: 'All Reviews' }).click();
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: `${site} cannot be reached`, level: 1 })).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeFocused();
  await expect(navigation).toBeVisible();
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(/\/assets\/|https?:\/\//);
  expect(await accessibilityViolations(page)).toEqual([]);

  // Retry from the keyboard: still offline, it says so and keeps the focus where the reader is.
  await page.keyboard.press('Enter');
  await expect(alert.getByText('Still no answer. Try again in a moment.')).toBeVisible();
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeFocused();

  await setOnline(page, true);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'All Reviews', level: 1 })).toBeVisible();
  await page.context().close();
});

test("the message is in the reader's language and direction, and readable in the dark theme", async ({ browser }) => {
  const page = await signedInStudentIn(browser, 'ar');
  await page.emulateMedia({ colorScheme: 'dark' });
  const site = await siteName(page);
  const common = catalog('ar');
  await page.goto('/user/dashboard');
  const navigation = page.getByRole('navigation', { name: common.nav!.main });
  await expect(navigation).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await setOnline(page, false);
  await navigation.getByRole('link', { name: common.nav!.allReviews }).click();
  const alert = page.getByRole('alert');
  await expect(
    alert.getByRole('heading', { name: common.connection!.unreachable!.replace('{{siteName}}', site) }),
  ).toBeVisible();
  await expect(alert.getByText(common.connection!.unreachableHelp!)).toBeVisible();
  await expect(alert.getByRole('button', { name: common.connection!.retry })).toBeFocused();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.context().close();
});

test('a part of the top bar whose code cannot be loaded is left out, and the page stays', async ({ browser }) => {
  const page = await signedInStudentIn(browser, 'en');
  // The connection drops just as the page asks for its language select, which comes after it.
  await page.route('**/assets/account-language-select-*.js', (route) => route.abort('internetdisconnected'));
  const failed = page.waitForEvent('requestfailed', (request) =>
    request.url().includes('/assets/account-language-select-'),
  );
  await page.goto('/user/dashboard');
  await failed;
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Language' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.context().close();
});
