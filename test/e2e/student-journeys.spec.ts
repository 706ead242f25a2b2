import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { admin, createStudent, expect, logInAs, publishTutor, test, uploadPicture } from './fixtures';

const suffix = () => randomUUID().slice(0, 6);
const laptop = { width: 1024, height: 640 };
const phone = { width: 360, height: 740 };

/** Several public tutors in one department of their own, made through one admin session. */
async function publishTutors(
  browser: Browser,
  department: string,
  count: number,
  courses: string[] = ['MATH101 Calculus'],
): Promise<string[]> {
  const context = await browser.newContext();
  const adminPage = await context.newPage();
  await logInAs(adminPage, admin);
  const imageKey = await uploadPicture(adminPage.request);
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const response = await adminPage.request.post('/api/admin/tutors', {
      data: {
        name: `Scroll Tutor ${index + 1} ${suffix()}`,
        department,
        biography: 'Office hours on Tuesdays.',
        courses,
        imageKey,
        isPublic: true,
      },
    });
    expect(response.status()).toBe(201);
    ids.push((await response.json()).tutor.id);
  }
  await context.close();
  return ids;
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

test.describe('scroll restoration', () => {
  test('a tutor opened from the bottom of the list starts at its name, and Back returns to the same place', async ({
    page,
    browser,
  }) => {
    const department = `Scrolling ${suffix()}`;
    await publishTutors(browser, department, 6);
    await logInAs(page, await createStudent(page.request));
    await page.setViewportSize(laptop);
    await page.goto(`/user/tutors?${new URLSearchParams({ department })}`);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(6);
    const last = cards.last();
    await last.scrollIntoViewIfNeeded();
    const listPosition = await scrollY(page);
    expect(listPosition).toBeGreaterThan(200);

    const name = (await last.getByRole('heading').textContent())!;
    await last.getByRole('link', { name: 'View Tutor Profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeInViewport();
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await expect(cards).toHaveCount(6);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(listPosition - 5);
    expect(await scrollY(page)).toBeLessThan(listPosition + 5);
  });

  test('after a review is submitted, My Reviews opens at the top with the navigation in view', async ({
    page,
    browser,
  }) => {
    const tutorId = await publishTutor(browser, { name: `Top Tutor ${suffix()}`, department: 'Geology' });
    await logInAs(page, await createStudent(page.request));
    await page.setViewportSize({ width: 1024, height: 500 });
    await page.goto(`/user/SubmitReview?tutorId=${tutorId}`);
    await page.getByLabel('Title').fill('Clear field trips');
    await page.getByRole('radio', { name: '4 stars' }).check();
    await page.getByRole('textbox', { name: 'Review', exact: true }).fill('Every trip had a map and a plan.');
    await page.getByRole('button', { name: 'Submit Review' }).scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page).toHaveURL(/\/user\/myreviews$/);
    await expect(page.getByRole('heading', { name: 'Clear field trips' })).toBeVisible();
    expect(await scrollY(page)).toBe(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeInViewport();
  });
});

test.describe('main navigation', () => {
  test('on a 1024 px laptop every destination is one or two clicks away, without a Menu button', async ({ page }) => {
    await logInAs(page, await createStudent(page.request));
    await page.setViewportSize(laptop);
    await page.goto('/user/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
    // Dashboard is the current page on /user as on /user/dashboard.
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    for (const name of ['Tutors', 'All Reviews', 'Notifications']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeInViewport();
    }
    await expect(nav.getByRole('link', { name: 'Admin console' })).toHaveCount(0);

    const mine = nav.getByRole('button', { name: 'Mine' });
    await expect(mine).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'My Reviews' })).toBeHidden();
    await mine.click();
    await expect(mine).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['My Reviews', 'My Tutors', 'Add Tutor']) {
      await expect(nav.getByRole('link', { name })).toBeInViewport();
    }
    // Escape folds the group and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'My Reviews' })).toBeHidden();
    await expect(mine).toBeFocused();
    await mine.click();
    await nav.getByRole('link', { name: 'My Tutors' }).click();
    await expect(page).toHaveURL(/\/user\/mytutors$/);
    await expect(nav.getByRole('link', { name: 'My Tutors' })).toBeHidden();

    const accountButton = nav.getByRole('button', { name: 'Account' });
    await accountButton.click();
    await expect(nav.getByRole('link', { name: 'Profile' })).toBeInViewport();
    await expect(nav.getByRole('link', { name: 'Statistics' })).toBeInViewport();
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeInViewport();
    // A click elsewhere folds it too.
    await page.getByRole('heading', { level: 1 }).first().click();
    await expect(nav.getByRole('link', { name: 'Profile' })).toBeHidden();
    await accountButton.click();
    await nav.getByRole('link', { name: 'Statistics' }).click();
    await expect(page).toHaveURL(/\/user\/statistics$/);
    await expect(accountButton).toHaveClass(/bg-indigo-50/);
  });

  test('an administrator in the student area has an Admin console link', async ({ page }) => {
    await logInAs(page, admin);
    await page.setViewportSize(laptop);
    await page.goto('/user/tutors');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin console' }).click();
    await expect(page).toHaveURL(/\/admin\/?$/);
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  });

  test('on a 360 px phone everything sits behind Menu, grouped', async ({ page }) => {
    await logInAs(page, await createStudent(page.request));
    await page.setViewportSize(phone);
    await page.goto('/user/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Tutors' })).toBeHidden();
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Dashboard', 'Tutors', 'All Reviews', 'My Reviews', 'My Tutors', 'Add Tutor', 'Profile']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    await nav.getByRole('link', { name: 'All Reviews' }).click();
    await expect(page).toHaveURL(/\/user\/allreviews$/);
    await expect(nav.getByRole('link', { name: 'Tutors' })).toBeHidden();
  });
});

test.describe('toasts', () => {
  test('toasts sit clear of the navigation, and a success clears the failure before it', async ({ page, request }) => {
    const student = await createStudent(request);
    await page.setViewportSize(laptop);
    await page.goto('/login');
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    const failure = page.getByRole('status').filter({ hasText: 'Error Occurred' });
    await expect(failure).toBeVisible();
    const box = (await failure.boundingBox())!;
    // In the bottom half of the window, away from the header and the headings.
    expect(box.y).toBeGreaterThan(laptop.height / 2);

    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Logged In successfully' })).toBeVisible();
    await expect(failure).toBeHidden();
  });

  test('a review form missing fields says so once, beside the form, not in a toast as well', async ({
    page,
    browser,
  }) => {
    const tutorId = await publishTutor(browser, { name: `Once Tutor ${suffix()}`, department: 'Physics' });
    await logInAs(page, await createStudent(page.request));
    await page.goto(`/user/SubmitReview?tutorId=${tutorId}`);
    await page.getByRole('button', { name: 'Submit Review' }).click();
    const message = 'Please fill in all the fields (tutor, title, rating, and review).';
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
    await expect(page.getByText(message)).toHaveCount(1);
  });
});

test.describe('a session that ends mid-form', () => {
  test('submitting after being signed out offers to log in again and keeps the draft', async ({ page, browser }) => {
    const tutorId = await publishTutor(browser, { name: `Draft Tutor ${suffix()}`, department: 'History' });
    const student = await createStudent(page.request);
    await logInAs(page, student);
    await page.goto(`/user/SubmitReview?tutorId=${tutorId}`);
    await page.getByLabel('Title').fill('Kept through a sign-out');
    await page.getByRole('radio', { name: '5 stars' }).check();
    const body = 'A long review that took a while to write, long enough for the session to end.';
    await page.getByRole('textbox', { name: 'Review', exact: true }).fill(body);

    // The session ends elsewhere (another tab logs out).
    const other = await browser.newContext({ storageState: await page.context().storageState() });
    expect((await other.request.post('/api/auth/logout')).status()).toBe(204);
    await other.close();

    await page.getByRole('button', { name: 'Submit Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'You were signed out. Log in again' });
    await expect(dialog).toBeVisible();
    await expect(page.getByText('Please log in to continue.')).toBeHidden();
    await expect(dialog.getByLabel('Email')).toHaveValue(student.email);
    await dialog.getByLabel('Password', { exact: true }).fill(student.password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByLabel('Title')).toHaveValue('Kept through a sign-out');
    await expect(page.getByRole('textbox', { name: 'Review', exact: true })).toHaveValue(body);
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Review submitted successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/user\/myreviews$/);
  });
});

test.describe('one error pattern on every form', () => {
  test('a refused form shows a summary at its top that takes the focus and links to each field', async ({ page }) => {
    await logInAs(page, await createStudent(page.request));
    await page.goto('/user/tutorform');
    await page.getByRole('button', { name: 'Submit Tutor' }).click();
    const summary = page.locator('[data-error-summary]');
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('Fix these 3 fields:');
    // The summary comes before the fields.
    const summaryTop = (await summary.boundingBox())!.y;
    expect(summaryTop).toBeLessThan((await page.getByLabel('Name', { exact: true }).boundingBox())!.y);
    await summary.getByRole('link', { name: /Department/ }).click();
    await expect(page.getByLabel('Department')).toBeFocused();
    await expect(page.getByLabel('Department')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Department')).toHaveAccessibleDescription(/Department/);
  });

  test('login starts in the email field and the password can be shown', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeFocused();
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-words');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('sign-up checks the password minimum in the browser before sending', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/signup')) sent.push(request.url());
    });
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Short Password');
    await page.getByLabel('Email').fill(`short-${suffix()}@uni.test`);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toContainText('Password must be at least 8 characters.');
    await expect(page.locator('[data-error-summary]')).toBeFocused();
    expect(sent).toEqual([]);
  });
});

test.describe('a tutor the student has reviewed', () => {
  test('the profile offers "Edit your review", straight to the filled-in form', async ({ page, browser }) => {
    const tutorName = `Reviewed Tutor ${suffix()}`;
    const tutorId = await publishTutor(browser, { name: tutorName, department: 'Chemistry' });
    await logInAs(page, await createStudent(page.request));
    await page.goto(`/user/tutorprofile/${tutorId}`);
    await expect(page.getByRole('link', { name: 'Rate the Tutor' })).toBeVisible();
    const created = await page.request.post('/api/reviews', {
      data: { tutorId, title: 'Patient with questions', rating: 4, body: 'Answers every question twice.' },
    });
    expect(created.status()).toBe(201);
    const reviewId = (await created.json()).review.id;

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: tutorName })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Rate the Tutor' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Edit your review' }).click();
    await expect(page).toHaveURL(new RegExp(`/user/SubmitReview/${reviewId}$`));
    await expect(page.getByRole('heading', { name: 'Update Review' })).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('Patient with questions');
    await expect(page.getByRole('button', { name: 'Update Review' })).toBeEnabled();

    // 'Rate the Tutor' from anywhere else (a tutor card) opens the same review.
    await page.goto(`/user/SubmitReview?tutorId=${tutorId}`);
    await expect(page).toHaveURL(new RegExp(`/user/SubmitReview/${reviewId}$`));
    await expect(page.getByLabel('Title')).toHaveValue('Patient with questions');
  });
});

test.describe('tutor cards', () => {
  test('a click on the picture opens the profile, and "Back to tutors" returns to the same search', async ({
    page,
    browser,
  }) => {
    const department = `Cards ${suffix()}`;
    await publishTutors(browser, department, 3);
    await logInAs(page, await createStudent(page.request));
    const search = new URLSearchParams({ department, sort: 'name', q: 'Scroll Tutor' });
    await page.goto(`/user/tutors?${search}`);
    const card = page.getByRole('article').first();
    const name = (await card.getByRole('heading').textContent())!;
    // The card's link lies over the picture: a click there is the link's.
    const picture = (await card.getByRole('img').boundingBox())!;
    await page.mouse.click(picture.x + picture.width / 2, picture.y + picture.height / 2);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    // Another page in between, then a reload: the link still knows the search.
    await page.reload();
    await page.getByRole('link', { name: 'Back to tutors' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/user/tutors' && url.search === `?${search}`);
    await expect(page.getByRole('article')).toHaveCount(3);
    // Rate the Tutor stays its own action above the card's link.
    await page.getByRole('article').first().getByRole('link', { name: 'Rate the Tutor' }).click();
    await expect(page).toHaveURL(/\/user\/SubmitReview\?tutorId=/);
  });
});

test.describe('the review picker', () => {
  test('marks the tutors already reviewed and finds tutors by course or department', async ({ page, browser }) => {
    const course = `PICK${suffix()} Optics`;
    const department = `Picking ${suffix()}`;
    const [reviewed, fresh] = await publishTutors(browser, department, 2, ['PHY100 Waves', course]);
    await logInAs(page, await createStudent(page.request));
    const created = await page.request.post('/api/reviews', {
      data: { tutorId: reviewed, title: 'Already said', rating: 5, body: 'Clear and kind.' },
    });
    expect(created.status()).toBe(201);

    await page.goto('/user/SubmitReview');
    await page.getByRole('combobox', { name: 'Tutor' }).click();
    const search = page.getByRole('combobox', { name: 'Search by name, department or course' });
    await search.fill(course.split(' ')[0]!);
    // The tutor list's options (the form's drop-downs have options of their own).
    const options = page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
    await expect(options).toHaveCount(2);
    const reviewedOption = page.locator(`[data-tutor-id="${reviewed}"]`);
    const freshOption = page.locator(`[data-tutor-id="${fresh}"]`);
    await expect(reviewedOption).toHaveAccessibleName(/Reviewed$/);
    await expect(reviewedOption.getByText(/Reviewed$/)).toBeVisible();
    await expect(freshOption.getByText(/Reviewed$/)).toHaveCount(0);

    // The department finds them too.
    await search.fill(department);
    await expect(options).toHaveCount(2);
    // Choosing the reviewed one offers that review to edit.
    await reviewedOption.click();
    await expect(page.getByText('You have already reviewed this tutor.')).toBeVisible();
    await page.getByRole('link', { name: 'Edit your review' }).click();
    await expect(page.getByLabel('Title')).toHaveValue('Already said');
  });
});

test.describe('tutor cards on a phone and a laptop', () => {
  test('on a 360 px phone a card is a compact row with its top courses; twelve fit in a few screens', async ({
    page,
    browser,
  }) => {
    const department = `Phone ${suffix()}`;
    const courses = ['CHEM101 Basics', 'CHEM202 Organic', 'CHEM303 Spectra', 'CHEM404 Thesis'];
    await publishTutors(browser, department, 12, courses);
    await logInAs(page, await createStudent(page.request));
    await page.setViewportSize(phone);
    await page.goto(`/user/tutors?${new URLSearchParams({ department, sort: 'name' })}`);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(12);

    const first = cards.first();
    // The first three courses and how many more; the picture beside the name, not above it.
    await expect(first.getByText('CHEM101 Basics')).toBeVisible();
    await expect(first.getByText('CHEM303 Spectra')).toBeVisible();
    await expect(first.getByText('+1 more')).toBeVisible();
    const picture = (await first.getByRole('img').boundingBox())!;
    const heading = (await first.getByRole('heading').boundingBox())!;
    expect(heading.x).toBeGreaterThan(picture.x + picture.width);
    expect(heading.y).toBeLessThan(picture.y + picture.height);
    // One action besides the card itself.
    await expect(first.getByRole('link', { name: 'Rate the Tutor' })).toBeVisible();
    await expect(first.getByRole('link', { name: 'View Tutor Profile' })).toBeHidden();

    const list = (await page.getByRole('region', { name: 'Results' }).boundingBox())!;
    expect(list.height).toBeLessThan(2600);
    const cardHeight = (await first.boundingBox())!.height;
    expect(cardHeight).toBeLessThan(190);

    // The name opens the profile.
    const name = (await first.getByRole('heading').textContent())!;
    await first.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('on a 1024 px laptop cards stand three to a row; "Back to tutors" returns to the same page of results', async ({
    page,
    browser,
  }) => {
    const department = `Laptop ${suffix()}`;
    await publishTutors(browser, department, 13, ['ECON110 Markets', 'ECON220 Trade']);
    await logInAs(page, await createStudent(page.request));
    await page.setViewportSize(laptop);
    const search = new URLSearchParams({ department, sort: 'name' });
    await page.goto(`/user/tutors?${search}`);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(12);
    const tops = await Promise.all([0, 1, 2, 3].map(async (index) => (await cards.nth(index).boundingBox())!.y));
    expect(new Set(tops.slice(0, 3)).size).toBe(1);
    expect(tops[3]).toBeGreaterThan(tops[0]!);
    const first = cards.first();
    await expect(first.getByText('ECON110 Markets')).toBeVisible();
    await expect(first.getByText('ECON220 Trade')).toBeVisible();
    await expect(first.getByRole('link', { name: 'View Tutor Profile' })).toBeVisible();
    await expect(first.getByRole('link', { name: 'Rate the Tutor' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Tutors pages' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('page') === '2');
    const pageUrl = new URL(page.url());
    await expect(cards).toHaveCount(1);
    await cards.first().getByRole('link', { name: 'View Tutor Profile' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Back to tutors' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/user/tutors' && url.search === pageUrl.search);
    await expect(cards).toHaveCount(1);
  });
});

test.describe('All Reviews', () => {
  // Site-wide: it counts every review, which other tests add to.
  test('says how many reviews it shows of how many there are', { tag: '@site-wide' }, async ({ page, browser }) => {
    const tutorId = await publishTutor(browser, { name: `Counted Tutor ${suffix()}`, department: 'History' });
    await logInAs(page, await createStudent(page.request));
    const created = await page.request.post('/api/reviews', {
      data: { tutorId, title: 'Counted once', rating: 4, body: 'Good sources.' },
    });
    expect(created.status()).toBe(201);
    const { total } = await (await page.request.get('/api/reviews')).json();
    expect(total.count).toBeGreaterThan(0);

    await page.goto('/user/allreviews');
    const shown = Math.min(24, total.count);
    await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText(
      `Showing ${shown} of ${total.count.toLocaleString('en-US')}${total.more ? '+' : ''} ${total.count === 1 ? 'review' : 'reviews'}`,
    );
  });
});

test.describe('landing for newcomers', () => {
  test('a visitor can sign up from the header, and a search leads to sign-up', async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto('/');
    const signUp = page.getByRole('link', { name: 'Sign up with your university email' });
    await expect(signUp).toBeInViewport();
    await expect(signUp).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeInViewport();

    await page.getByRole('searchbox', { name: 'Find a tutor or course' }).fill('calculus');
    await page.getByRole('searchbox', { name: 'Find a tutor or course' }).press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === '/signup' && url.searchParams.get('q') === 'calculus');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a feature card clicked while logged out says it needs logging in', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: /Statistics/ }).click();
    await expect(page).toHaveURL('/');
    const note = page.getByRole('status').filter({ hasText: 'Statistics needs you to be logged in.' });
    await expect(note).toBeVisible();
    await note.getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('a signed-in student searching from the landing page gets the results', async ({ page, browser }) => {
    const name = `Landing Search ${suffix()}`;
    await publishTutor(browser, { name, department: 'Economics' });
    await logInAs(page, await createStudent(page.request));
    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Find a tutor or course' }).fill(name);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/user/tutors' && url.searchParams.get('q') === name);
    await expect(page.getByRole('article').filter({ hasText: name })).toBeVisible();
  });
});

test.describe('smaller things', () => {
  test('the 404 page carries the brand header and a link home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Tutorly' })).toHaveAttribute('href', '/');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Tutorly');
  });

  test('a verification link opened again by a verified student says so, with Continue', async ({ page }) => {
    await logInAs(page, await createStudent(page.request));
    await page.goto(`/verify?userId=${randomUUID()}&secret=used-already`);
    await expect(page.getByRole('heading', { name: 'Your address is already verified' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Verification failed' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/user\/?$/);
  });
});
