import type { Browser, Page } from '@playwright/test';
import { accessibilityViolations } from './axe';
import {
  admin,
  createStudent,
  expect,
  expectNoSidewaysScroll,
  logInAs,
  publishTutor,
  suffix,
  test,
  type StudentCredentials,
} from './fixtures';

async function adminRequest(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  await logInAs(page, admin);
  return page.request;
}

async function signedInStudent(page: Page, name = 'Page Student'): Promise<StudentCredentials> {
  const student = await createStudent(page.request, { name });
  await logInAs(page, student);
  return student;
}

test('a rejected submission reaches the student as a notification with its reason and an unread count', async ({
  page,
  browser,
}) => {
  await signedInStudent(page);
  const tutorName = `Submitted Tutor ${suffix()}`;
  const created = await page.request.post('/api/tutors', {
    data: { name: tutorName, department: 'Astronomy', biography: 'Stars.', courses: [] },
  });
  const { tutor } = await created.json();
  const rejected = await (
    await adminRequest(browser)
  ).post(`/api/admin/tutors/${tutor.id}/reject`, { data: { reason: 'This person does not teach here.' } });
  expect(rejected.status()).toBe(200);

  await page.goto('/user/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /^Notifications\s*\(1 unread\)$/ })).toBeVisible();
  await nav.getByRole('link', { name: /^Notifications/ }).click();

  const item = page.getByRole('listitem').filter({ hasText: tutorName });
  await expect(item).toContainText(`Your submission ${tutorName} was rejected.`);
  await expect(item).toContainText('This person does not teach here.');
  await item.getByRole('button', { name: /Mark as read/ }).click();
  await expect(nav.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
});

test('a student who follows a department hears of a tutor published there', async ({ page, browser }) => {
  const department = `Volcanology ${suffix()}`;
  await publishTutor(browser, { name: `First Volcanologist ${suffix()}`, department });
  await signedInStudent(page);
  await page.goto('/user/notifications');
  await page.getByRole('checkbox', { name: new RegExp(department) }).check();
  await page.getByRole('button', { name: 'Save departments' }).click();
  await expect
    .poll(async () => (await (await page.request.get('/api/notifications/departments')).json()).departments)
    .toEqual([department]);

  const newcomer = `Second Volcanologist ${suffix()}`;
  await publishTutor(browser, { name: newcomer, department });
  await page.reload();

  await expect(page.getByRole('listitem').filter({ hasText: newcomer })).toContainText(
    `New tutor in ${department}: ${newcomer}`,
  );
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notifications', exact: true }),
  ).toBeVisible();
});

test('the statistics page draws charts of enough numbers and shows a handful as counts', async ({ page, browser }) => {
  const first = await publishTutor(browser, { name: `Stats Tutor ${suffix()}`, department: 'Biology' });
  const second = await publishTutor(browser, { name: `Stats Tutor ${suffix()}`, department: 'Biology' });
  await signedInStudent(page);
  for (const [tutorId, rating] of [
    [first, 3],
    [second, 5],
  ] as const) {
    expect(
      (
        await page.request.post('/api/reviews', { data: { tutorId, title: 'Counted', body: 'Fine.', rating } })
      ).status(),
    ).toBe(201);
  }
  // Five suggestions: enough for a chart (CHART_MIN_TOTAL); two reviews are not.
  for (let index = 0; index < 5; index++) {
    const response = await page.request.post('/api/tutors', {
      data: { name: `Pending ${suffix()}`, department: 'Biology', biography: 'New.', courses: [] },
    });
    expect(response.status()).toBe(201);
  }

  await page.goto('/user/statistics');

  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();
  const submissionsFigure = page.getByRole('figure', { name: 'Your submissions by status' });
  const drawn = submissionsFigure.locator('canvas[data-drawn="true"]');
  await expect(drawn).toHaveCount(1);
  // Something was painted on the canvas: it is not one flat colour.
  const colours = await drawn.evaluate((element: HTMLCanvasElement) => {
    const context = element.getContext('2d')!;
    const { data } = context.getImageData(0, 0, element.width, element.height);
    const seen = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 97) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    return seen.size;
  });
  expect(colours).toBeGreaterThan(2);
  // The chart has its text alternative: a summary and the numbers in a table.
  await expect(submissionsFigure.getByRole('img')).toHaveAccessibleName(/Your submissions by status/);
  await submissionsFigure.getByText('Show the numbers').click();
  await expect(submissionsFigure.getByRole('row', { name: /^Pending/ })).toContainText('5');

  // Two reviews are counts, not near-empty charts: no canvas on the page but the submissions'.
  await expect(page.locator('canvas')).toHaveCount(1);
  const ratings = page.getByRole('figure', { name: 'Ratings you gave' });
  await expect(ratings.getByRole('definition')).toHaveText(['1', '1']);
  await expect(ratings.getByRole('term')).toHaveText(['3 stars', '5 stars']);
  await expect(ratings).toContainText('You gave 2 ratings');
  await expect(page.getByRole('figure', { name: 'Reviews per month' }).getByRole('definition')).toHaveText(['2']);
});

test('the profile edits name and phone, and a new password signs out the other sessions', async ({ page, browser }) => {
  const student = await signedInStudent(page, 'Before Rename');
  const otherDevice = await (await browser.newContext()).newPage();
  await logInAs(otherDevice, student);

  await page.goto('/user/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Profile' });
  await edit.getByLabel('Name').fill('After Rename');
  await edit.getByLabel('Phone').fill('+44 20 7946 0958');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByRole('main')).toContainText('After Rename');
  await expect(page.getByRole('main')).toContainText('+44 20 7946 0958');
  // No administrator controls on a student's profile.
  await expect(page.getByText('Role')).toHaveCount(0);

  await page.getByRole('button', { name: 'Update Password' }).click();
  const change = page.getByRole('dialog', { name: 'Update Password' });
  await change.getByLabel('Current password', { exact: true }).fill('wrong-password');
  await change.getByLabel('New password', { exact: true }).fill('a-brand-new-password');
  await change.getByLabel('Confirm new password', { exact: true }).fill('a-brand-new-password');
  await change.getByRole('button', { name: 'Update Password' }).click();
  // In the form's error summary (a link to the field) and under the field itself.
  await expect(change.getByRole('link', { name: 'Your current password is not correct.' })).toBeVisible();
  await expect(change.getByText('Your current password is not correct.')).toHaveCount(2);
  await change.getByLabel('Current password', { exact: true }).fill(student.password);
  await change.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated. You were signed out everywhere else.')).toBeVisible();

  expect((await (await otherDevice.request.get('/api/session')).json()).account).toBeNull();
  expect((await (await page.request.get('/api/session')).json()).account.name).toBe('After Rename');
  const relogin = await otherDevice.request.post('/api/auth/login', {
    data: { email: student.email, password: 'a-brand-new-password' },
  });
  expect(relogin.status()).toBe(200);
});

test('student pages have no accessibility violations and fit a phone screen', async ({ page }) => {
  await signedInStudent(page);
  const pages = [
    ['/user/profile', 'Profile'],
    ['/user/statistics', 'Statistics'],
    ['/user/notifications', 'Notifications'],
    ['/about', /About/],
  ] as const;
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    expect(await accessibilityViolations(page), `accessibility violations on ${path}`).toEqual([]);
  }
  await page.goto('/user/profile');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByRole('dialog', { name: 'Update Password' })).toBeVisible();
  expect(await accessibilityViolations(page), 'accessibility violations in the password dialog').toEqual([]);

  await page.setViewportSize({ width: 360, height: 740 });
  for (const [path] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }
  await page.goto('/welcome?userId=nobody&secret=nothing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await accessibilityViolations(page), 'accessibility violations on the invitation page').toEqual([]);
});
