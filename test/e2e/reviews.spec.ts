import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  admin,
  createStudent,
  expect,
  logInAs,
  publishTutor,
  reviewThroughApi,
  studentSession,
  suffix,
  test,
  uploadPicture,
} from './fixtures';

/** The profile's rating summary: '3.5' and '(2 reviews)' or 'No ratings yet'. */
/** The profile's header, where the tutor's average and number of reviews stand (or 'No ratings yet'). */
function ratingsSection(page: Page) {
  return page.locator('main article').first().locator(':scope > header');
}

test('a student rates a tutor, edits the review and deletes it; the profile average follows every step', async ({
  page,
  browser,
}) => {
  const tutorName = `Ada Rating ${suffix()}`;
  const tutorId = await publishTutor(browser, { name: tutorName, department: 'Mathematics' });
  const earlier = await studentSession(browser, 'Earlier Student');
  await reviewThroughApi(earlier.page.request, tutorId, { title: 'Solid lectures', rating: 2 });

  const student = await createStudent(page.request, { name: 'Rhea Reviewer' });
  await logInAs(page, student);
  await page.goto(`/user/tutorprofile/${tutorId}`);
  await expect(ratingsSection(page)).toContainText('2.0');
  await page.getByRole('link', { name: 'Rate the Tutor' }).click();

  await expect(page).toHaveURL(new RegExp(`/user/SubmitReview\\?tutorId=${tutorId}$`));
  await expect(page.getByRole('heading', { name: 'Submit a Review' })).toBeVisible();
  // The tutor from 'Rate the Tutor' is preselected.
  await expect(page.getByRole('combobox', { name: 'Tutor' })).toContainText(tutorName);

  // Nothing filled in but the tutor: the spec's message, and nothing is sent.
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please fill in all the fields (tutor, title, rating, and review).' }),
  ).toBeVisible();

  await page.getByLabel('Title').fill('Makes proofs click');
  await page.getByRole('radio', { name: '5 stars' }).check();
  await page
    .getByRole('textbox', { name: 'Review', exact: true })
    .fill('Every proof is built up step by step on the board.');
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Review submitted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/myreviews$/);
  await expect(page.getByRole('heading', { name: 'Makes proofs click' })).toBeVisible();

  await page.goto(`/user/tutorprofile/${tutorId}`);
  await expect(page.getByRole('article', { name: 'Makes proofs click' })).toBeVisible();
  await expect(ratingsSection(page)).toContainText('3.5');
  await expect(ratingsSection(page)).toContainText('2 reviews');

  // Edit from My Reviews, choosing the new rating with the keyboard.
  await page.goto('/user/myreviews');
  await page.getByRole('link', { name: `Edit review of ${tutorName}` }).click();
  await expect(page.getByRole('heading', { name: 'Update Review' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Makes proofs click');
  await expect(page.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await page.getByRole('radio', { name: '5 stars' }).focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: '1 star', exact: true })).toBeChecked();
  await page.getByLabel('Title').fill('Too fast for me');
  await page.getByRole('button', { name: 'Update Review' }).click();
  await expect(page.getByText('Review updated successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/myreviews$/);
  await expect(page.getByRole('heading', { name: 'Too fast for me' })).toBeVisible();

  await page.goto(`/user/tutorprofile/${tutorId}`);
  await expect(page.getByRole('article', { name: 'Too fast for me' })).toBeVisible();
  await expect(ratingsSection(page)).toContainText('1.5');

  // A second review of the same tutor is not offered: rating the tutor again opens the first.
  await page.goto(`/user/SubmitReview?tutorId=${tutorId}`);
  await expect(page.getByRole('heading', { name: 'Update Review' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Too fast for me');

  await page.goto('/user/myreviews');
  await page.getByRole('button', { name: `Delete review of ${tutorName}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted Successfully')).toBeVisible();
  await expect(page.getByText('No Record Found!')).toBeVisible();

  await page.goto(`/user/tutorprofile/${tutorId}`);
  await expect(ratingsSection(page)).toContainText('2.0');
  await expect(ratingsSection(page)).toContainText('1 review');
});

test('a review is anonymous unless its author ticks "Show my name on this review"', async ({ page, browser }) => {
  const tutorName = `Anonymous Reviews ${suffix()}`;
  const tutorId = await publishTutor(browser, { name: tutorName, department: 'Philosophy' });
  const authorName = `Nadia Named ${suffix()}`;
  const author = await createStudent(page.request, { name: authorName });
  await logInAs(page, author);
  await page.goto(`/user/SubmitReview?tutorId=${tutorId}`);
  const showName = page.getByRole('checkbox', { name: 'Show my name on this review' });
  await expect(showName).not.toBeChecked();
  const title = `Honest words ${suffix()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByRole('radio', { name: '4 stars' }).check();
  await page.getByRole('textbox', { name: 'Review', exact: true }).fill('Demanding, but every session was worth it.');
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Review submitted successfully!')).toBeVisible();
  await expect(page.getByText('Shown as “Anonymous student”')).toBeVisible();
  // The author sees it as theirs on the profile.
  await page.goto(`/user/tutorprofile/${tutorId}`);
  await expect(page.getByRole('article', { name: title })).toContainText('Anonymous student · Your review');

  // Another student reads "Anonymous student", and the API tells them nothing of the author.
  const reader = await studentSession(browser, 'Curious Reader');
  await reader.page.goto(`/user/tutorprofile/${tutorId}`);
  const onProfile = reader.page.getByRole('article', { name: title });
  await expect(onProfile).toContainText('Anonymous student');
  await expect(onProfile).not.toContainText(authorName);
  await expect(onProfile).not.toContainText('Your review');
  await reader.page.goto('/user/allreviews');
  const inFeed = reader.page.getByRole('article', { name: title });
  await expect(inFeed).toContainText('By Anonymous student');
  for (const path of [
    `/api/tutors/${tutorId}/reviews`,
    '/api/reviews',
    '/api/reviews/recent',
    `/api/tutors/${tutorId}`,
  ]) {
    const answer = await (await reader.page.request.get(path)).text();
    expect(answer, path).not.toContain(authorName);
    expect(answer, path).not.toContain(author.email);
  }

  // The author chooses to sign it: the name shows where "Anonymous student" stood.
  await page.goto('/user/myreviews');
  await page.getByRole('link', { name: `Edit review of ${tutorName}` }).click();
  await expect(page.getByRole('heading', { name: 'Update Review' })).toBeVisible();
  await expect(showName).not.toBeChecked();
  await showName.press('Space');
  await expect(showName).toBeChecked();
  await page.getByRole('button', { name: 'Update Review' }).click();
  await expect(page.getByText('Review updated successfully!')).toBeVisible();
  await expect(page.getByText('Shown with your name')).toBeVisible();

  await reader.page.goto(`/user/tutorprofile/${tutorId}`);
  await expect(reader.page.getByRole('article', { name: title })).toContainText(authorName);
  await reader.page.goto('/user/allreviews');
  await expect(reader.page.getByRole('article', { name: title })).toContainText(`By ${authorName}`);
});

test('the tutor can be chosen from the searchable list with the keyboard', async ({ page, browser }) => {
  const tutorName = `Keyboard Pick ${suffix()}`;
  await publishTutor(browser, { name: tutorName, department: 'Linguistics' });
  const student = await createStudent(page.request);
  await logInAs(page, student);
  await page.goto('/user/SubmitReview');
  const picker = page.getByRole('combobox', { name: 'Tutor' });
  await expect(picker).toContainText('Choose a tutor');
  await picker.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.type(tutorName);
  // The tutor list's options (the form's drop-downs have options of their own).
  const results = page.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('option')).toHaveCount(1);
  await expect(results.getByRole('option', { name: new RegExp(tutorName) })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker).toContainText(tutorName);
  await expect(picker).toBeFocused();
});

test('an unknown review id in the edit route goes back to My Reviews', async ({ page }) => {
  const student = await createStudent(page.request);
  await logInAs(page, student);
  await page.goto(`/user/SubmitReview/${randomUUID()}`);
  await expect(page).toHaveURL(/\/user\/myreviews$/);
});

test('an admin hides a review: it leaves the profile and All Reviews, and the average is recomputed', async ({
  page,
  browser,
}) => {
  const tutorName = `Hidden Review Tutor ${suffix()}`;
  const tutorId = await publishTutor(browser, { name: tutorName, department: 'History' });
  const kind = await studentSession(browser, 'Kind Student');
  const rude = await studentSession(browser, 'Rude Student');
  await reviewThroughApi(kind.page.request, tutorId, { title: `Fair marking ${suffix()}`, rating: 4 });
  const rudeTitle = `Rant ${suffix()}`;
  await reviewThroughApi(rude.page.request, tutorId, { title: rudeTitle, rating: 1 });

  await logInAs(page, admin);
  await page.goto(`/admin/teacher/fullprofile/${tutorId}`);
  await expect(ratingsSection(page)).toContainText('2.5');
  await page.getByRole('button', { name: `Hide anonymous review “${rudeTitle}”` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Personal remarks about the tutor.');
  await dialog.getByRole('button', { name: 'Hide review' }).click();
  await expect(page.getByText('Review hidden')).toBeVisible();
  await expect(page.getByRole('article', { name: rudeTitle })).toHaveCount(0);
  await expect(ratingsSection(page)).toContainText('4.0');

  await kind.page.goto('/user/allreviews');
  await expect(kind.page.getByRole('heading', { name: 'All Reviews' })).toBeVisible();
  await expect(kind.page.getByText(tutorName).first()).toBeVisible();
  await expect(kind.page.getByText(rudeTitle)).toHaveCount(0);
  await kind.page.goto(`/user/tutorprofile/${tutorId}`);
  await expect(ratingsSection(kind.page)).toContainText('4.0');
  await expect(kind.page.getByText(rudeTitle)).toHaveCount(0);

  // The author still sees it, with the reason.
  await rude.page.goto('/user/myreviews');
  await expect(rude.page.getByText('Hidden by a moderator')).toBeVisible();
  await expect(rude.page.getByText('Personal remarks about the tutor.')).toBeVisible();

  // Review management shows it as hidden; the hide-hidden checkbox leaves it out; unhide brings it back.
  await page.goto(`/admin/review-managment?q=${encodeURIComponent(rudeTitle)}`);
  await expect(page.getByRole('row').filter({ hasText: rudeTitle })).toContainText('Hidden');
  // The checkboxes live in the URL: their state settles once the navigation they start has run.
  const hideHidden = page.getByRole('checkbox', { name: 'Hide hidden reviews' });
  await hideHidden.click();
  await expect(hideHidden).toBeChecked();
  await expect(page.getByText('No Record Found')).toBeVisible();
  await hideHidden.click();
  await expect(hideHidden).not.toBeChecked();
  await page.getByRole('button', { name: 'Actions for the review by Rude Student' }).click();
  await page.getByRole('menuitem', { name: 'Unhide' }).click();
  await expect(page.getByText('Review is visible again')).toBeVisible();
  await page.goto(`/admin/teacher/fullprofile/${tutorId}`);
  await expect(ratingsSection(page)).toContainText('2.5');
});

test('a student reports a review and it shows in the admin’s reported filter with the reason', async ({
  page,
  browser,
}) => {
  const tutorId = await publishTutor(browser, { name: `Reported Tutor ${suffix()}`, department: 'Physics' });
  const author = await studentSession(browser, 'Loud Author');
  const title = `Reported review ${suffix()}`;
  await reviewThroughApi(author.page.request, tutorId, { title, rating: 1 });

  const reporter = await studentSession(browser, 'Careful Reader');
  await reporter.page.goto(`/user/tutorprofile/${tutorId}`);
  const review = reporter.page.getByRole('article', { name: title });
  await review.getByRole('button', { name: /^Report/ }).click();
  const dialog = reporter.page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Other' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Tell us what is wrong with this review.')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Personal attack' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(reporter.page.getByText('Thanks, a moderator will review your report.')).toBeVisible();
  await expect(review.getByRole('button', { name: /^Reported/ })).toBeDisabled();
  // A report hides nothing by itself.
  await reporter.page.reload();
  await expect(reporter.page.getByRole('article', { name: title })).toBeVisible();

  await logInAs(page, admin);
  await page.goto('/admin/review-managment');
  await page
    .getByRole('navigation', { name: 'Review queues' })
    .getByRole('link', { name: /^Reported/ })
    .click();
  const row = page.getByRole('row').filter({ hasText: title });
  // The title opens what was written and why it was reported.
  await row.getByRole('button', { name: title }).click();
  const details = page.getByRole('main').getByRole('list', { name: 'Reports' });
  await expect(details).toContainText('Personal attack');
  await expect(details).toContainText('Careful Reader');
  await expect(page.getByRole('main')).toContainText('1 report');

  await row.getByRole('button', { name: 'Actions for the review by Loud Author' }).click();
  await page.getByRole('menuitem', { name: 'Dismiss reports' }).click();
  await expect(page.getByText('Reports dismissed')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(0);
});

test('an admin deletes a review from a profile with a reason', async ({ page, browser }) => {
  const tutorId = await publishTutor(browser, { name: `Delete Review Tutor ${suffix()}`, department: 'Law' });
  const author = await studentSession(browser, 'Spam Author');
  const title = `Buy cheap essays ${suffix()}`;
  // Signed: the controls name the review by its author.
  await reviewThroughApi(author.page.request, tutorId, { title, rating: 5, showName: true });

  await logInAs(page, admin);
  await page.goto(`/admin/teacher/fullprofile/${tutorId}`);
  await page.getByRole('button', { name: 'Delete review by Spam Author' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByText('A reason is required.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Advertising.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted Successfully')).toBeVisible();
  await expect(page.getByText('No reviews yet.')).toBeVisible();
  await expect(ratingsSection(page)).toContainText('No ratings yet');
});

// Site-wide: the dashboard shows the latest three reviews of anyone, and its 30 reviews would push other tests' off the first page of All Reviews.
test(
  'All Reviews loads more as the page scrolls; the dashboard shows the three latest',
  { tag: '@site-wide' },
  async ({ page, browser }) => {
    const student = await createStudent(page.request, { name: 'Prolific Student' });
    await logInAs(page, student);
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await logInAs(adminPage, admin);
    const imageKey = await uploadPicture(adminPage.request);
    const run = suffix();
    for (let i = 0; i < 30; i++) {
      const response = await adminPage.request.post('/api/admin/tutors', {
        data: {
          name: `Feed Tutor ${run} ${i}`,
          department: 'Feeds',
          biography: 'Bio.',
          courses: [],
          imageKey,
          isPublic: true,
        },
      });
      const { tutor } = await response.json();
      await reviewThroughApi(page.request, tutor.id, { title: `Feed review ${run} ${i}`, rating: 1 + (i % 5) });
    }
    await adminContext.close();

    await page.goto('/user/allreviews');
    await expect(page.getByRole('heading', { name: 'All Reviews' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Feed review ${run} 29` })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Feed review ${run} 0`, exact: true })).toHaveCount(0);
    await page.getByRole('heading', { name: `Feed review ${run} 6`, exact: true }).scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 20_000);
    await expect(page.getByRole('heading', { name: `Feed review ${run} 0`, exact: true })).toBeVisible();

    await page.goto('/user/dashboard');
    const recent = page.getByRole('region', { name: 'Recent Reviews' });
    await expect(recent.getByRole('heading', { name: `Feed review ${run} 29` })).toBeVisible();
    await expect(recent.getByRole('heading', { name: `Feed review ${run} 27` })).toBeVisible();
    await expect(recent.getByRole('heading', { name: /Feed review/ })).toHaveCount(3);
  },
);

test('load failures show the spec’s messages', async ({ page }) => {
  const student = await createStudent(page.request);
  await logInAs(page, student);
  await page.route('**/api/reviews/recent', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'Something went wrong' } } }),
  );
  await page.goto('/user/dashboard');
  await expect(page.getByText('Failed To Load Latest Reviews')).toBeVisible();

  await page.route('**/api/reviews?*', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'Something went wrong' } } }),
  );
  await page.route('**/api/reviews', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'Something went wrong' } } }),
  );
  await page.goto('/user/allreviews');
  await expect(page.getByText('Error To Fetch Reviews')).toBeVisible();
});

test('All Reviews says Loading... until the first page arrives, and No Record Found! when there is none', async ({
  page,
}) => {
  const student = await createStudent(page.request);
  await logInAs(page, student);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/reviews?*', async (route) => {
    await held;
    await route.fulfill({ status: 200, json: { items: [], nextCursor: null } });
  });
  await page.route('**/api/reviews', async (route) => {
    await held;
    await route.fulfill({ status: 200, json: { items: [], nextCursor: null } });
  });
  await page.goto('/user/allreviews');
  await expect(page.getByRole('heading', { name: 'All Reviews' })).toBeVisible();
  await expect(page.getByText('Loading...')).toBeVisible();
  release();
  await expect(page.getByText('No Record Found!')).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
});
