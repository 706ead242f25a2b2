import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { violationsInBothThemes } from './axe';
import { admin, createStudent, expect, expectNoSidewaysScroll, logInAs, publishTutor, suffix, test } from './fixtures';

async function expectAccessible(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(path);
  await ready(page);
  expect(await violationsInBothThemes(page), `accessibility violations on ${path}`).toEqual([]);
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
};

test('the app shell shown while a page loads has no accessibility violations', async ({ page }) => {
  // The session's answer held back: a signed-in page waits for it behind the app shell.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/session', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/user/tutors', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('status')).toHaveText('Loading...');
  expect(await violationsInBothThemes(page), 'accessibility violations in the app shell').toEqual([]);
  release();
});

test('public pages have no accessibility violations', async ({ page }) => {
  await expectAccessible(page, '/', heading(/Welcome to/));
  await expectAccessible(page, '/login', heading('Login'));
  await expectAccessible(page, '/signup', heading('Sign Up'));
  await expectAccessible(page, '/no-such-page', heading('Page Not Found'));
  // The site's own pages, as a visitor finds them before an administrator has written them.
  await expectAccessible(page, '/privacy', heading('Privacy Policy'));
  await expectAccessible(page, '/terms', heading('Terms of Service'));
  await expectAccessible(page, '/contact', heading('Contact'));
});

test('student tutor pages have no accessibility violations', async ({ page }) => {
  const student = await createStudent(page.request);
  await logInAs(page, student);
  const created = await page.request.post('/api/tutors', {
    data: {
      name: 'Accessible Submission',
      department: 'Design',
      biography: 'Inclusive design studio.',
      courses: ['DES101 Basics'],
    },
  });
  const { tutor } = await created.json();

  await expectAccessible(page, '/user/dashboard', async (p) =>
    expect(p.getByRole('heading', { name: student.name.toUpperCase() })).toBeVisible(),
  );
  await expectAccessible(page, '/user/tutors', heading('Tutors'));
  await expectAccessible(page, '/user/add-teacher', heading('Add Tutor'));
  await expectAccessible(page, '/user/mytutors', async (p) =>
    expect(p.getByText('Accessible Submission')).toBeVisible(),
  );
  await expectAccessible(page, `/user/tutorprofile/${tutor.id}`, heading('Accessible Submission'));
  await expectAccessible(page, '/user/tutorprofile/not-an-id', async (p) =>
    expect(p.getByText('Invalid URL')).toBeVisible(),
  );
});

test('admin tutor pages have no accessibility violations', async ({ page }) => {
  await logInAs(page, admin);
  const created = await page.request.post('/api/tutors', {
    data: { name: 'Queued For Review', department: 'Design', biography: 'Waiting in the queue.', courses: [] },
  });
  const { tutor } = await created.json();

  await expectAccessible(page, '/admin/manage-submissions', heading('Manage Submissions'));
  await expectAccessible(page, '/admin/teacher-profile-managment', heading(/teacher profile/i));
  await expectAccessible(page, '/admin/add-teacher', heading('Add Teacher'));
  await expectAccessible(page, `/admin/teacher/fullprofile/${tutor.id}`, heading('Queued For Review'));
  await page.getByRole('button', { name: 'Delete Profile' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  expect(await violationsInBothThemes(page), 'accessibility violations in the delete dialog').toEqual([]);
});

test('tutor pages fit a phone screen without sideways scrolling', async ({ page, browser }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const student = await createStudent(page.request, {
    email: `a-rather-long-student-address-${Date.now()}@students.university-of-examples.edu`,
  });
  await logInAs(page, student);
  // Its own name each run: a run leaves its tutors on the site.
  const tutorName = `Maximiliana Wolkenstein-Oberhausen ${suffix()}`;
  const created = await page.request.post('/api/tutors', {
    data: {
      name: tutorName,
      department: 'Comparative Literature',
      biography: 'Reads everything.',
      courses: ['CLIT301 Translation Studies and World Literatures'],
    },
  });
  const { tutor } = await created.json();

  const fitsWidth = async (path: string, ready: (page: Page) => Promise<void>, on: Page = page) => {
    await on.goto(path);
    await ready(on);
    await expectNoSidewaysScroll(on, path);
  };
  await fitsWidth('/user/tutors', heading('Tutors'));
  await fitsWidth('/user/add-teacher', heading('Add Tutor'));
  await fitsWidth('/user/mytutors', async (p) => expect(p.getByText(tutorName)).toBeVisible());
  await fitsWidth(`/user/tutorprofile/${tutor.id}`, heading(tutorName));

  const adminContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const adminTab = await adminContext.newPage();
  await logInAs(adminTab, admin);
  // On a phone the queue keeps the tutor and the decision; the submitter's address waits for a wider screen.
  await fitsWidth(
    '/admin/manage-submissions',
    async (p) => expect(p.getByRole('row').filter({ hasText: tutorName })).toBeVisible(),
    adminTab,
  );
  await fitsWidth('/admin/teacher-profile-managment', heading(/teacher profile/i), adminTab);
  await fitsWidth(`/admin/teacher/fullprofile/${tutor.id}`, heading(tutorName), adminTab);
  await fitsWidth('/admin/add-teacher', heading('Add Teacher'), adminTab);
  await adminContext.close();
});

/** A public tutor with one review by another student, so review pages have something to show. */
async function reviewedTutor(browser: Browser, name: string): Promise<{ tutorId: string; reviewTitle: string }> {
  const tutorId = await publishTutor(browser, { name, department: 'Accessible Studies' });
  const context = await browser.newContext();
  const writer = await context.newPage();
  const student = await createStudent(writer.request, { name: 'Wendy Writer' });
  await logInAs(writer, student);
  const reviewTitle = `A review with a long title about ${name} and accessibility`;
  const response = await writer.request.post('/api/reviews', {
    data: {
      tutorId,
      title: reviewTitle,
      body: 'Explains the material well and answers every question in office hours.',
      rating: 4,
    },
  });
  expect(response.status()).toBe(201);
  await context.close();
  return { tutorId, reviewTitle };
}

test('review pages have no accessibility violations and fit a phone screen', async ({ page, browser }) => {
  // A dozen pages, each checked by axe and at a phone's width: over 30 s when the machine is busy.
  test.setTimeout(60_000);
  // Not a timestamp: thirteen digits in the review's title read as a phone number to the screen.
  const { tutorId, reviewTitle } = await reviewedTutor(browser, `Reviewed Tutor ${suffix()}`);
  const student = await createStudent(page.request);
  await logInAs(page, student);
  const own = await page.request.post('/api/reviews', {
    data: { tutorId, title: 'My own accessible review', body: 'Clear.', rating: 5 },
  });
  const { review } = await own.json();

  // The latest reviews of anyone: which they are depends on what other tests post meanwhile.
  await expectAccessible(page, '/user/dashboard', async (p) =>
    expect(p.getByRole('region', { name: 'Recent Reviews' }).getByRole('heading', { level: 3 }).first()).toBeVisible(),
  );
  await expectAccessible(page, '/user/allreviews', async (p) =>
    expect(p.getByRole('heading', { name: reviewTitle }).first()).toBeVisible(),
  );
  await expectAccessible(page, '/user/myreviews', async (p) =>
    expect(p.getByRole('heading', { name: 'My own accessible review' })).toBeVisible(),
  );
  await expectAccessible(page, '/user/SubmitReview', heading('Submit a Review'));
  await page.getByRole('combobox', { name: 'Tutor' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  expect(await violationsInBothThemes(page), 'accessibility violations with the tutor list open').toEqual([]);
  await expectAccessible(page, `/user/SubmitReview/${review.id}`, heading('Update Review'));
  await expectAccessible(page, `/user/tutorprofile/${tutorId}`, async (p) =>
    expect(p.getByRole('article', { name: reviewTitle })).toBeVisible(),
  );
  await page
    .getByRole('article', { name: reviewTitle })
    .getByRole('button', { name: /^Report/ })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await violationsInBothThemes(page), 'accessibility violations in the report dialog').toEqual([]);
  await page.getByRole('dialog').getByRole('radio', { name: 'Spam' }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thanks, a moderator will review your report.')).toBeVisible();

  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    '/user/dashboard',
    '/user/allreviews',
    '/user/myreviews',
    '/user/SubmitReview',
    `/user/tutorprofile/${tutorId}`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await expectNoSidewaysScroll(page, path);
  }

  const adminContext = await browser.newContext();
  const adminTab = await adminContext.newPage();
  await logInAs(adminTab, admin);
  await expectAccessible(
    adminTab,
    `/admin/review-managment?tab=reported&q=${encodeURIComponent(reviewTitle)}`,
    async (p) => expect(p.getByRole('button', { name: reviewTitle })).toBeVisible(),
  );
  await expectAccessible(adminTab, `/admin/teacher/fullprofile/${tutorId}`, async (p) =>
    expect(p.getByRole('article', { name: reviewTitle })).toBeVisible(),
  );
  await adminTab.getByRole('button', { name: `Hide anonymous review “${reviewTitle}”` }).click();
  await expect(adminTab.getByRole('dialog')).toBeVisible();
  expect(await violationsInBothThemes(adminTab), 'accessibility violations in the hide dialog').toEqual([]);
  await adminTab.setViewportSize({ width: 360, height: 740 });
  await adminTab.goto(`/admin/review-managment?tab=reported&q=${encodeURIComponent(reviewTitle)}`);
  await expect(adminTab.getByRole('button', { name: reviewTitle })).toBeVisible();
  await expectNoSidewaysScroll(adminTab, 'review management');
  await adminContext.close();
});

test("the second factor's pages have no accessibility violations", async ({ page }) => {
  const student = await createStudent(page.request);
  await logInAs(page, student);
  // An authenticator app set up through the API, its code computed from the secret as the app would.
  const started = await page.request.post('/api/second-factor/totp/start');
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await page.request.post('/api/second-factor/totp', {
    data: { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate(), label: 'Phone' },
  });
  const { recoveryCodes } = (await confirmed.json()) as { recoveryCodes: string[] };

  await expectAccessible(page, '/user/profile', async (p) =>
    expect(p.getByRole('region', { name: 'Second factor' }).getByText('Phone', { exact: true })).toBeVisible(),
  );
  await page.getByRole('button', { name: 'Remove Phone' }).click();
  await expect(page.getByRole('dialog', { name: 'Remove “Phone”?' })).toBeVisible();
  expect(await violationsInBothThemes(page), 'accessibility violations in the remove dialog').toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();

  expect((await page.request.post('/api/auth/logout')).status()).toBe(204);
  const login = await page.request.post('/api/auth/login', {
    data: { email: student.email, password: student.password },
  });
  expect(await login.json()).toMatchObject({ secondFactorStep: 'verify' });
  await expectAccessible(page, '/user/', heading('Confirm it is you'));
  await expectNoSidewaysScroll(page, 'the second step');
  await page.getByLabel('Code from your authenticator app, or a recovery code').fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL('/user/');
});
