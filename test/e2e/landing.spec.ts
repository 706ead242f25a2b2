import { admin, createStudent, expect, logInAs, test } from './fixtures';

test.describe('landing page', () => {
  test('greets visitors with the site name, tagline and the four feature cards', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Tutorly');
    await expect(page.getByText('Your one-stop solution for reviewing and managing teachers.')).toBeVisible();

    const cards = [
      { title: 'User Dashboard', text: 'Manage your submissions and reviews easily.', href: '/user/dashboard' },
      { title: 'Add Teacher', text: 'Submit new teacher records for review.', href: '/user/add-teacher' },
      { title: 'Statistics', text: 'View analytics of your submissions and reviews.', href: '/user/statistics' },
      { title: 'Notifications', text: 'Stay updated with the latest submissions.', href: '/user/notifications' },
    ];
    for (const card of cards) {
      const link = page.getByRole('link', { name: new RegExp(card.title) });
      await expect(link).toHaveAttribute('href', card.href);
      await expect(link).toContainText(card.text);
    }
  });

  test('shows Login when logged out and leads to the login page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/login');
  });

  test("shows 'Go To Console' leading a student to /user and an admin to /admin", async ({ page, request }) => {
    const student = await createStudent(request);
    await logInAs(page, student);
    await page.goto('/');
    await page.getByRole('link', { name: 'Go To Console' }).click();
    await expect(page).toHaveURL(/\/user\/?$/);

    await logInAs(page, admin);
    await page.goto('/');
    await page.getByRole('link', { name: 'Go To Console' }).click();
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  });

  // Site-wide: every page shows the site name.
  test('uses the site name an admin sets', { tag: '@site-wide' }, async ({ page }) => {
    await logInAs(page, admin);
    const update = await page.request.patch('/api/admin/settings', { data: { siteName: 'Campus Tutors' } });
    expect(update.status()).toBe(200);
    try {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Campus Tutors');
    } finally {
      await page.request.patch('/api/admin/settings', { data: { siteName: 'Tutorly' } });
    }
  });
});
