import { accessibilityViolations } from './axe';
import { expect, test } from './fixtures';

// Campus sign-in through a real OpenID Provider (oidc-provider) running beside the product:
// its own login and consent pages, its own cookies, the real redirects both ways.

test.describe('campus sign-in', () => {
  test('a student signs in through the university’s login and consent pages and lands on /user', async ({ page }) => {
    const login = `ada-lovelace-${Date.now()}`;
    await page.goto('/login');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Sign in with your university' }).click();

    // The provider's pages, not Tutorly's.
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//);
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('whatever the university checks');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/user\/?$/);
    await expect(page.getByRole('heading', { name: `ADA LOVELACE` })).toBeVisible();

    await page.goto('/user/profile');
    // The address alone: the linked university sign-in below it names the address too.
    await expect(page.locator('#main').getByText(`${login}@campus.test`, { exact: true })).toBeVisible();
    await expect(page.getByText('Your university account', { exact: true })).toBeVisible();
    // No password to change: the university confirms it is the owner instead.
    await expect(page.getByRole('button', { name: 'Update Password' })).toBeHidden();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('no password is needed until')).toBeVisible();
  });

  test('a cancelled sign-in comes back to the login page with a message', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('link', { name: 'Sign in with your university' }).click();
    await expect(page).toHaveURL(/\/interaction\//);
    const interaction = new URL(page.url());
    await page.goto(`${interaction.origin}${interaction.pathname}/abort`);
    await expect(page).toHaveURL(/\/login\?campusError=cancelled/);
    await expect(page.getByRole('alert')).toHaveText('Sign-in with your university was cancelled.');
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
