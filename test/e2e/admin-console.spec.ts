import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { accessibilityViolations } from './axe';
import {
  admin,
  createStudent,
  expect,
  expectNoSidewaysScroll,
  latestMailTo,
  logInAs,
  newStudent,
  publishTutor,
  suffix,
  test,
} from './fixtures';

/** The value the dashboard shows for a figure ('Reviews', 'Users', ...). */
function figure(page: Page, label: string) {
  return page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

async function totalOf(request: APIRequestContext, url: string): Promise<number> {
  const response = await request.get(url);
  expect(response.status()).toBe(200);
  return (await response.json()).total;
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logInAs(page, admin);
  return page;
}

// Site-wide: the figures count every account, tutor and review, which other tests add to.
test(
  'the dashboard figures match the records, and follow a new review',
  { tag: '@site-wide' },
  async ({ page, browser }) => {
    const tutorId = await publishTutor(browser, { name: `Dash Tutor ${suffix()}`, department: 'Statistics' });
    await logInAs(page, admin);
    const student = await studentPage(browser);

    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
    const expected = {
      'Public tutors': await totalOf(student.request, '/api/tutors?pageSize=1'),
      'Pending submissions': await totalOf(page.request, '/api/admin/tutors?status=pending&pageSize=1'),
      Reviews: await totalOf(page.request, '/api/admin/reviews?hideHidden=true&pageSize=1'),
      Users: await totalOf(page.request, '/api/admin/users?pageSize=1'),
    };
    for (const [label, value] of Object.entries(expected)) await expect(figure(page, label)).toHaveText(String(value));

    const review = await student.request.post('/api/reviews', {
      data: { tutorId, title: 'Counts on the dashboard', body: 'Clear.', rating: 4 },
    });
    expect(review.status()).toBe(201);
    await page.reload();

    await expect(figure(page, 'Reviews')).toHaveText(String(expected.Reviews + 1));
    expect(await totalOf(page.request, '/api/admin/reviews?hideHidden=true&pageSize=1')).toBe(expected.Reviews + 1);
    await expect(figure(page, 'Mean rating')).toHaveText(/^\d\.\d$/);
    await expect(page.locator('canvas[data-drawn="true"]')).toHaveCount(1);
    await expect(page.getByRole('main').getByRole('link', { name: 'Add Teacher' })).toHaveAttribute(
      'href',
      '/admin/add-teacher',
    );
    await expect(page.getByRole('main').getByRole('link', { name: 'Manage Submissions' })).toHaveAttribute(
      'href',
      '/admin/manage-submissions',
    );
  },
);

async function studentPage(browser: Browser, name = 'Console Student'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logInAs(page, await createStudent(page.request, { name }));
  return page;
}

// Site-wide: the dashboard lists the latest actions of anyone, which other tests' actions would push out.
test(
  "an admin's actions appear as recent activity on the dashboard",
  { tag: '@site-wide' },
  async ({ page, browser }) => {
    const tutorName = `Rejected Tutor ${suffix()}`;
    const student = await studentPage(browser);
    const created = await student.request.post('/api/tutors', {
      data: { name: tutorName, department: 'Geology', biography: 'Rocks.', courses: [] },
    });
    const { tutor } = await created.json();
    await logInAs(page, admin);
    expect(
      (
        await page.request.post(`/api/admin/tutors/${tutor.id}/reject`, { data: { reason: 'Not at this university.' } })
      ).status(),
    ).toBe(200);

    await page.goto('/admin');

    const activity = page.getByRole('region', { name: 'Recent activity' });
    await expect(activity.getByText(tutorName).first()).toBeVisible();
    await expect(activity.getByText('Not at this university.').first()).toBeVisible();
  },
);

test('an admin adds a user with a one-time password, who signs in with it, must choose their own, and goes on where they were going; disabling ends their session', async ({
  page,
  browser,
}) => {
  const newcomer = newStudent({ name: `Newcomer ${suffix()}` });
  await logInAs(page, admin);
  await page.goto('/admin/users');

  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Name').fill(newcomer.name);
  await dialog.getByLabel('Email', { exact: true }).fill(newcomer.email);
  await dialog.getByLabel('Show a one-time password').check();
  await dialog.getByRole('button', { name: 'Add User' }).click();
  const passwordDialog = page.getByRole('dialog').filter({ hasText: 'will not be shown again' });
  await expect(passwordDialog).toBeVisible();
  const oneTimePassword = await passwordDialog.getByRole('textbox').inputValue();
  expect(oneTimePassword).toMatch(/^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/);
  await passwordDialog.getByRole('button', { name: 'Done' }).click();

  const newcomerPage = await (await browser.newContext()).newPage();
  await logInAs(newcomerPage, { email: newcomer.email, password: oneTimePassword });
  await newcomerPage.goto('/user/myreviews');
  // The password the administrator saw works once: the newcomer chooses their own first.
  await expect(newcomerPage).toHaveURL(/\/choose-password\?next=%2Fuser%2Fmyreviews$/);
  await expect(newcomerPage.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await newcomerPage.getByLabel('Password you were given').fill(oneTimePassword);
  await newcomerPage.getByLabel('New password', { exact: true }).fill(oneTimePassword);
  await newcomerPage.getByLabel('Confirm new password').fill(oneTimePassword);
  await newcomerPage.getByRole('button', { name: 'Save password' }).click();
  // In the form's error summary, and under its field.
  await expect(newcomerPage.locator('[data-error-summary]')).toContainText(
    'Choose a password different from the one you were given.',
  );
  const chosenPassword = 'a password of my own';
  await newcomerPage.getByLabel('New password', { exact: true }).fill(chosenPassword);
  await newcomerPage.getByLabel('Confirm new password').fill(chosenPassword);
  await newcomerPage.getByRole('button', { name: 'Save password' }).click();
  await expect(newcomerPage).toHaveURL(/\/user\/myreviews$/);
  await expect(newcomerPage.getByRole('heading', { level: 1 }).first()).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search users' }).fill(newcomer.email);
  const row = page.getByRole('row', { name: new RegExp(newcomer.name) });
  await expect(row).toBeVisible();
  // The row's actions are in its menu.
  await row.getByRole('button', { name: `Actions for ${newcomer.name}` }).click();
  await page
    .getByRole('menu', { name: `Actions for ${newcomer.name}` })
    .getByRole('menuitem', { name: 'Disable' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(row.getByRole('cell', { name: 'Disabled', exact: true })).toBeVisible();

  // The newcomer's very next request is anonymous; logging in again is refused.
  const session = await (await newcomerPage.request.get('/api/session')).json();
  expect(session.account).toBeNull();
  const again = await newcomerPage.request.post('/api/auth/login', {
    data: { email: newcomer.email, password: chosenPassword },
  });
  expect(again.status()).toBe(403);

  await row.getByRole('button', { name: `Actions for ${newcomer.name}` }).click();
  await page.getByRole('menuitem', { name: 'Enable' }).click();
  await expect(row.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();
});

test('an invited user chooses a password from the mailed link and lands on their dashboard', async ({ page }) => {
  const invited = newStudent({ name: `Invited ${suffix()}` });
  await logInAs(page, admin);
  const created = await page.request.post('/api/admin/users', {
    data: { name: invited.name, email: invited.email, role: 'student', delivery: 'invitation' },
  });
  expect(created.status()).toBe(201);
  const mail = await latestMailTo(invited.email);
  const link = new URL(mail.link!);
  expect(link.pathname).toBe('/welcome');

  const invitedPage = await (await page.context().browser()!.newContext()).newPage();
  await invitedPage.goto(link.pathname + link.search);
  await invitedPage.getByLabel('Password', { exact: true }).fill('my-own-password-1');
  await invitedPage.getByLabel('Confirm password').fill('my-own-password-1');
  await invitedPage.getByRole('button', { name: 'Set password' }).click();

  await expect(invitedPage).toHaveURL(/\/user\/dashboard$/);
  const reused = await invitedPage.request.post('/api/auth/invitation', {
    data: {
      userId: link.searchParams.get('userId'),
      secret: link.searchParams.get('secret'),
      password: 'another-password-2',
    },
  });
  expect(reused.status()).toBe(410);
});

// Site-wide: while sign-up is restricted, other tests could not sign up.
test(
  'restricting sign-up to the university domain refuses other addresses with a clear message',
  { tag: '@site-wide' },
  async ({ page, browser }) => {
    const adminTab = await adminPage(browser);
    await adminTab.goto('/admin/settings');
    await adminTab.getByLabel('Sign-up email domains').fill('uni.test');
    await adminTab.getByRole('switch', { name: /Restrict sign-up/ }).click();
    await adminTab.getByRole('button', { name: 'Save settings' }).click();
    await expect(adminTab.getByText('Settings saved')).toBeVisible();

    try {
      await page.goto('/signup');
      await expect(page.getByText('Only addresses at @uni.test can sign up.')).toBeVisible();
      await page.getByLabel('Name').fill('Outsider');
      await page.getByLabel('Email').fill(`outsider-${suffix()}@gmail.com`);
      await page.getByLabel('Password', { exact: true }).fill('correct-horse-battery');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(page.getByText('Sign-up is limited to university email addresses (@uni.test).')).toBeVisible();
      // Students at the university still sign up (every other test relies on it, too).
      await createStudent(page.request);
    } finally {
      const restored = await adminTab.request.patch('/api/admin/settings', {
        data: { restrictSignupToDomains: false, signupDomains: [] },
      });
      expect(restored.status()).toBe(200);
    }
  },
);

test('admin console pages have no accessibility violations and fit a phone screen', async ({ page }) => {
  await logInAs(page, admin);
  for (const [path, heading] of [
    ['/admin', 'Admin Dashboard'],
    ['/admin/users', 'Users'],
    ['/admin/settings', 'Settings'],
    ['/admin/profile', /Profile/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    expect(await accessibilityViolations(page), `accessibility violations on ${path}`).toEqual([]);
  }
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByRole('dialog', { name: 'Add User' })).toBeVisible();
  expect(await accessibilityViolations(page), 'accessibility violations in the Add User dialog').toEqual([]);

  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ['/admin', '/admin/users', '/admin/settings', '/admin/profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNoSidewaysScroll(page, path);
  }
});
