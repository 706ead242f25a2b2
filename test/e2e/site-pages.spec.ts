import type { Browser, Page } from '@playwright/test';
import { accessibilityViolations } from './axe';
import { admin, createStudent, expect, expectNoSidewaysScroll, logInAs, test } from './fixtures';

const policy = [
  'We keep your name and your university email address, nothing else.',
  'Read more at https://uni.example.edu/privacy or write to privacy@uni.example.edu.',
  'Markup stays text: <b>not bold</b> <script>alert(1)</script>',
].join('\n\n');
const terms = 'Be fair.\nBe kind.\n\nReviews are about teaching, not people.';
const contact = 'help@uni.example.edu';

async function adminTab(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logInAs(page, admin);
  return page;
}

/** Every other test finds the pages unset, as a fresh site has them. */
async function unsetPages(page: Page): Promise<void> {
  const response = await page.request.patch('/api/admin/settings', {
    data: { privacyPolicy: '', termsOfService: '', contactEmail: '' },
  });
  expect(response.status()).toBe(200);
}

// Site-wide: every page's footer leads to the site pages once written.
test(
  'an admin writes the site pages in Settings; the footer and About lead to them, rendered as safe text',
  { tag: '@site-wide' },
  async ({ page, browser }) => {
    const adminPage = await adminTab(browser);
    await adminPage.setViewportSize({ width: 1024, height: 800 });
    try {
      await adminPage.goto('/admin/settings');
      await adminPage.getByLabel('Privacy policy').fill(policy);
      await adminPage.getByLabel('Terms of service').fill(terms);
      await adminPage.getByLabel('Contact email address').fill('not an address');
      await adminPage.getByRole('button', { name: 'Save settings' }).click();
      await expect(adminPage.locator('[data-error-summary]')).toContainText('Please enter a valid email address.');
      await adminPage.getByLabel('Contact email address').fill(contact);
      await adminPage.getByRole('button', { name: 'Save settings' }).click();
      await expect(adminPage.getByText('Settings saved')).toBeVisible();

      // A student's footer now leads to the pages.
      const student = await createStudent(page.request);
      await logInAs(page, student);
      await page.goto('/user/dashboard');
      const footer = page.getByRole('navigation', { name: 'Footer' });
      await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
      await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
      await expect(footer.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');

      await footer.getByRole('link', { name: 'Privacy Policy' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
      const main = page.getByRole('main');
      await expect(main.locator('p')).toHaveCount(3);
      await expect(main.getByRole('link', { name: 'https://uni.example.edu/privacy' })).toHaveAttribute(
        'href',
        'https://uni.example.edu/privacy',
      );
      await expect(main.getByRole('link', { name: 'privacy@uni.example.edu' })).toHaveAttribute(
        'href',
        'mailto:privacy@uni.example.edu',
      );
      // What looks like markup is shown as typed, never run or rendered.
      await expect(main).toContainText('<b>not bold</b> <script>alert(1)</script>');
      await expect(main.locator('b, script')).toHaveCount(0);
      expect(await accessibilityViolations(page), 'accessibility violations on /privacy').toEqual([]);

      await page.goto('/terms');
      await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
      await expect(page.getByRole('main').locator('p').first()).toHaveText('Be fair.\nBe kind.');
      expect(await accessibilityViolations(page), 'accessibility violations on /terms').toEqual([]);

      await page.goto('/contact');
      await expect(page.getByRole('main').getByRole('link', { name: contact })).toHaveAttribute(
        'href',
        `mailto:${contact}`,
      );
      expect(await accessibilityViolations(page), 'accessibility violations on /contact').toEqual([]);

      await page.goto('/about');
      await expect(page.getByRole('main').getByRole('link', { name: contact })).toBeVisible();

      // On a phone the pages fit without sideways scrolling.
      await page.setViewportSize({ width: 360, height: 740 });
      for (const path of ['/privacy', '/terms', '/contact']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSidewaysScroll(page, path);
      }
    } finally {
      await unsetPages(adminPage);
    }

    // Unset again: the footer goes back to /user, as the spec has it, and the pages say they are not written.
    await page.goto('/user/dashboard');
    await expect(
      page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Privacy Policy' }),
    ).toHaveAttribute('href', '/user');
    await page.goto('/privacy');
    await expect(page.getByText('The administrators of this site have not written this page yet.')).toBeVisible();
  },
);

test('Settings asks before leaving with unsaved changes, and not once they are saved', async ({ page }) => {
  await logInAs(page, admin);
  await page.goto('/admin/settings');
  const terms = page.getByLabel('Terms of service');
  await terms.fill('Draft terms, not saved yet.');

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(terms).toHaveValue('Draft terms, not saved yet.');

  // Closing or reloading the tab would get the browser's own question: the page asks for it.
  const unloadRefused = await page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
  expect(unloadRefused).toBe(true);

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
  await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  // Saved changes leave freely.
  await page.goto('/admin/settings');
  await page.getByLabel('Site name').fill('Tutorly');
  await page.getByLabel('Terms of service').fill('');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
});
