import { randomUUID } from 'node:crypto';
import { admin, createStudent, expect, logInAs, test } from './fixtures';

// Site-wide: the sidebar counts every pending submission and reported review, which other tests add and settle.
test(
  'the admin sidebar counts pending submissions and reported reviews, and follows a decision',
  { tag: '@site-wide' },
  async ({ page, browser }) => {
    // A student submits a tutor: one more pending submission.
    const studentContext = await browser.newContext();
    const studentPage = await studentContext.newPage();
    await logInAs(studentPage, await createStudent(studentPage.request));
    const tutorName = `Queued Tutor ${randomUUID().slice(0, 6)}`;
    const submitted = await studentPage.request.post('/api/tutors', {
      data: { name: tutorName, department: 'Music', biography: 'Choir on Fridays.', courses: [] },
    });
    expect(submitted.status()).toBe(201);
    await studentContext.close();

    await logInAs(page, admin);
    const total = async (url: string) => (await (await page.request.get(url)).json()).total as number;
    const pending = await total('/api/admin/tutors?status=pending&pageSize=1');
    const reported = await total('/api/admin/reviews?reported=true&pageSize=1');
    expect(pending).toBeGreaterThan(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin');
    const sidebar = page.getByRole('navigation', { name: 'Admin' });
    const submissions = sidebar.getByRole('link', { name: /^Manage Submissions/ });
    await expect(submissions).toHaveAccessibleName(new RegExp(`^Manage Submissions\\s*\\(${pending} pending\\)$`));
    await expect(submissions).toContainText(String(pending));
    const reviews = sidebar.getByRole('link', { name: /^Review Management/ });
    await expect(reviews).toHaveAccessibleName(
      reported > 0 ? new RegExp(`^Review Management\\s*\\(${reported} reported\\)$`) : 'Review Management',
    );

    // Approving one takes it off the count at once.
    await submissions.click();
    const queued = page.getByRole('row').filter({ hasText: tutorName });
    await queued.getByRole('button', { name: 'Approve' }).click();
    await expect(queued).toHaveCount(0);
    const left = pending - 1;
    await expect(submissions).toHaveAccessibleName(
      left > 0 ? new RegExp(`^Manage Submissions\\s*\\(${left} pending\\)$`) : 'Manage Submissions',
    );
  },
);

test('each dashboard figure with a page behind it opens that page', async ({ page }) => {
  await logInAs(page, admin);
  await page.goto('/admin');
  const figures = page.getByRole('main').getByRole('definition').first();
  await expect(figures).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Public tutors' })).toHaveAttribute(
    'href',
    '/admin/teacher-profile-managment',
  );
  await expect(main.getByRole('link', { name: 'Reviews', exact: true })).toHaveAttribute(
    'href',
    '/admin/review-managment',
  );
  await expect(main.getByRole('link', { name: 'Users', exact: true })).toHaveAttribute('href', '/admin/users');
  await main.getByRole('link', { name: 'Pending submissions' }).click();
  await expect(page).toHaveURL(/\/admin\/managesubmissions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Submissions' })).toBeVisible();
});
