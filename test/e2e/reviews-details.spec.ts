import type { Page } from '@playwright/test';
import { DEFAULT_REVIEW_TAGS } from '../../src/shared/reviews-constants';
import { accessibilityViolations } from './axe';
import {
  admin,
  createStudent,
  expect,
  expectNoSidewaysScroll,
  logInAs,
  publishTutor,
  reviewThroughApi,
  studentSession,
  suffix,
  test,
  uploadPicture,
} from './fixtures';

const thisYear = new Date().getFullYear();

/** The profile's card of figures: averages, distribution, difficulty, would take again, tags, courses. */
const ratingsCard = (page: Page) => page.getByRole('region', { name: 'Ratings' });
const reviewControls = (page: Page) => page.getByRole('group', { name: 'Sort and filter reviews' });

test('a student tells the course, term, difficulty, would-take-again and tags; the profile shows and sums them; editing keeps them', async ({
  page,
  browser,
}) => {
  const tutorName = `Details Tutor ${suffix()}`;
  const tutorId = await publishTutor(browser, {
    name: tutorName,
    department: 'Mathematics',
    courses: ['MATH101 Calculus', 'MATH202 Linear Algebra'],
  });
  const student = await createStudent(page.request, { name: 'Dora Details' });
  await logInAs(page, student);
  await page.goto(`/user/SubmitReview?tutorId=${tutorId}`);
  await expect(page.getByRole('heading', { name: 'More about your experience (optional)' })).toBeVisible();

  await page.getByLabel('Title').fill('Calculus made sense');
  await page.getByRole('radio', { name: '4 stars' }).check();
  await page.getByRole('textbox', { name: 'Review', exact: true }).fill('Worked examples every week.');

  const course = page.getByRole('combobox', { name: 'Course' });
  await expect(course.getByRole('option')).toHaveText([
    'Not said',
    'MATH101 Calculus',
    'MATH202 Linear Algebra',
    'Other / not listed',
  ]);
  await course.selectOption('MATH101 Calculus');

  // The term is a season and a year, both or neither.
  const term = page.getByRole('group', { name: 'Term' });
  await term.getByRole('combobox', { name: 'Season' }).selectOption('Fall');
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(term.getByText('Choose both the season and the year, or neither.')).toBeVisible();
  await expect(term.getByRole('combobox', { name: 'Season' })).toBeFocused();
  await term.getByRole('combobox', { name: 'Year' }).selectOption(String(thisYear - 1));
  await expect(term.getByText('Choose both the season and the year, or neither.')).toHaveCount(0);

  const difficulty = page.getByRole('group', { name: 'Difficulty' });
  await expect(difficulty.getByRole('radio', { name: 'Not said' })).toBeChecked();
  await difficulty.getByRole('radio', { name: '4 Hard' }).check();
  const again = page.getByRole('group', { name: 'Would you take this tutor again?' });
  await again.getByRole('radio', { name: 'Yes' }).check();

  // At most three tags: once three are ticked, the others wait.
  const tags = page.getByRole('group', { name: 'Tags' });
  await expect(tags).toContainText('Choose up to 3.');
  for (const tag of ['Clear explanations', 'Patient', 'Responsive'])
    await tags.getByRole('checkbox', { name: tag }).check();
  await expect(tags.getByRole('checkbox', { name: 'Inspiring' })).toBeDisabled();
  await tags.getByRole('checkbox', { name: 'Responsive' }).uncheck();
  await expect(tags.getByRole('checkbox', { name: 'Inspiring' })).toBeEnabled();
  await tags.getByRole('checkbox', { name: 'Responsive' }).check();

  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Review submitted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/myreviews$/);
  const mine = page.getByRole('article', { name: 'Calculus made sense' });
  await expect(mine).toContainText('Course:MATH101 Calculus');
  await expect(mine).toContainText(`Term:Fall ${thisYear - 1}`);
  await expect(mine).toContainText('Not marked helpful yet');
  await expect(mine.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    'Clear explanations',
    'Patient',
    'Responsive',
  ]);

  // A second student says less: a course that is not listed, "would not take again" and one tag.
  const other = await studentSession(browser);
  await reviewThroughApi(other.page.request, tutorId, {
    title: 'Not for me',
    rating: 2,
    course: 'Other / not listed',
    wouldTakeAgain: false,
    tags: ['Patient'],
  });

  await page.goto(`/user/tutorprofile/${tutorId}`);
  const onProfile = page.getByRole('article', { name: 'Calculus made sense' });
  await expect(onProfile).toContainText('Course:MATH101 Calculus');
  await expect(onProfile).toContainText(`Term:Fall ${thisYear - 1}`);
  await expect(onProfile).toContainText('Difficulty:4/5');
  await expect(onProfile).toContainText('Would take again:Yes');
  await expect(onProfile.getByRole('list', { name: 'Tags' })).toContainText('Patient');
  await expect(page.getByRole('article', { name: 'Not for me' })).toContainText('Would take again:No');

  const card = ratingsCard(page);
  await expect(card).toContainText('All time3.0 (2 reviews)');
  await expect(card).toContainText('Last 12 months3.0 (2 reviews)');
  await expect(card).toContainText('Difficulty4.0 out of 5 (1 review)');
  await expect(card).toContainText('Would take again50% (2 answers)');
  const topTags = card.getByRole('list', { name: 'Most given tags' }).getByRole('listitem');
  await expect(topTags.first()).toContainText('Patient');
  await expect(topTags.first()).toContainText('2 reviews');
  await expect(topTags).toHaveCount(3);
  const reviewedCourses = card.getByRole('list', { name: 'Courses reviewed' }).getByRole('listitem');
  await expect(reviewedCourses).toHaveCount(2);
  await expect(reviewedCourses.filter({ hasText: 'MATH101 Calculus' })).toContainText('1 review');
  await expect(reviewedCourses.filter({ hasText: 'Other / not listed' })).toContainText('1 review');

  // Editing starts from what the review says; "Not said" takes a detail back.
  await page.getByRole('link', { name: 'Edit your review' }).click();
  await expect(page.getByRole('heading', { name: 'Update Review' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Course' })).toHaveValue('MATH101 Calculus');
  await expect(page.getByRole('combobox', { name: 'Season' })).toHaveValue('fall');
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveValue(String(thisYear - 1));
  await expect(page.getByRole('group', { name: 'Difficulty' }).getByRole('radio', { name: '4 Hard' })).toBeChecked();
  await expect(
    page.getByRole('group', { name: 'Would you take this tutor again?' }).getByRole('radio', { name: 'Yes' }),
  ).toBeChecked();
  for (const tag of ['Clear explanations', 'Patient', 'Responsive'])
    await expect(page.getByRole('group', { name: 'Tags' }).getByRole('checkbox', { name: tag })).toBeChecked();
  await page.getByRole('group', { name: 'Difficulty' }).getByRole('radio', { name: 'Not said' }).check();
  await page.getByRole('button', { name: 'Update Review' }).click();
  await expect(page.getByText('Review updated successfully!')).toBeVisible();

  await page.goto(`/user/tutorprofile/${tutorId}`);
  await expect(page.getByRole('article', { name: 'Calculus made sense' })).toContainText('Course:MATH101 Calculus');
  await expect(page.getByRole('article', { name: 'Calculus made sense' })).not.toContainText('Difficulty');
  // No review gives a difficulty now: the summary leaves it out.
  await expect(ratingsCard(page)).toContainText('Would take again50%');
  await expect(ratingsCard(page)).not.toContainText('Difficulty');
});

test('another student marks a review helpful and takes it back; "Most helpful" puts it first; its author sees the count', async ({
  page,
  browser,
}) => {
  const tutorId = await publishTutor(browser, { name: `Helpful Tutor ${suffix()}`, department: 'Chemistry' });
  const author = await studentSession(browser, 'Helpful Author');
  await reviewThroughApi(author.page.request, tutorId, { title: 'The useful one', rating: 3 });
  const later = await studentSession(browser);
  await reviewThroughApi(later.page.request, tutorId, { title: 'The newer one', rating: 5 });

  const reader = await createStudent(page.request);
  await logInAs(page, reader);
  await page.goto(`/user/tutorprofile/${tutorId}`);
  const articles = page.getByRole('region', { name: 'Reviews of this tutor' }).getByRole('article');
  await expect(articles.first()).toHaveAttribute('aria-label', 'The newer one');

  const useful = page.getByRole('article', { name: 'The useful one' });
  const helpful = useful.getByRole('button', { name: /^Helpful/ });
  await expect(helpful).toHaveAttribute('aria-pressed', 'false');
  await expect(helpful).toHaveAccessibleName('Helpful: anonymous review “The useful one”');
  await helpful.click();
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');
  await expect(helpful).toHaveAccessibleName(/^Helpful \(1\)/);

  // The vote is kept.
  await page.reload();
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');
  await expect(helpful).toHaveAccessibleName(/^Helpful \(1\)/);

  // The most helpful first; the order lives in the URL.
  await reviewControls(page).getByRole('combobox', { name: 'Sort reviews' }).selectOption('Most helpful');
  await expect(page).toHaveURL(/reviewsSort=helpful/);
  await expect(articles.first()).toHaveAttribute('aria-label', 'The useful one');
  await page.reload();
  await expect(reviewControls(page).getByRole('combobox', { name: 'Sort reviews' })).toHaveValue('helpful');
  await expect(articles.first()).toHaveAttribute('aria-label', 'The useful one');

  // Its author cannot vote on it, and reads the count there and in My Reviews.
  await author.page.goto(`/user/tutorprofile/${tutorId}`);
  const own = author.page.getByRole('article', { name: 'The useful one' });
  await expect(own).toContainText('Marked helpful by 1 student');
  await expect(own.getByRole('button', { name: /^Helpful/ })).toHaveCount(0);
  await expect(
    author.page.getByRole('article', { name: 'The newer one' }).getByRole('button', { name: /^Helpful/ }),
  ).toBeVisible();
  await author.page.goto('/user/myreviews');
  await expect(author.page.getByRole('article', { name: 'The useful one' })).toContainText(
    'Marked helpful by 1 student',
  );

  // Taken back.
  await helpful.click();
  await expect(helpful).toHaveAttribute('aria-pressed', 'false');
  await expect(helpful).toHaveAccessibleName('Helpful: anonymous review “The useful one”');
  await page.reload();
  await expect(helpful).toHaveAttribute('aria-pressed', 'false');
  await expect(articles.first()).toHaveAttribute('aria-label', 'The newer one');
});

test("a tutor's reviews filter by course, stars and the last 12 months; the filters stay in the URL through paging", async ({
  page,
  browser,
}) => {
  // Twelve writers sign up and in (a password hash each way), then a dozen filter steps: on a
  // machine busy with another worker's tests, more than the default's 30 s.
  test.setTimeout(60_000);
  const tutorId = await publishTutor(browser, {
    name: `Filtered Tutor ${suffix()}`,
    department: 'Physics',
    courses: ['PHYS101 Mechanics', 'PHYS202 Optics'],
  });
  // Eleven reviews of Mechanics (a page is ten) at 1 to 5 stars, and one five-star review of Optics.
  for (let i = 0; i < 12; i++) {
    const context = await browser.newContext();
    const writer = await context.newPage();
    await logInAs(writer, await createStudent(writer.request));
    await reviewThroughApi(
      writer.request,
      tutorId,
      i < 11
        ? { title: `Mechanics review ${i}`, rating: 1 + (i % 5), course: 'PHYS101 Mechanics' }
        : { title: 'Optics review', rating: 5, course: 'PHYS202 Optics' },
    );
    await context.close();
  }

  const reader = await createStudent(page.request);
  await logInAs(page, reader);
  await page.goto(`/user/tutorprofile/${tutorId}`);
  await expect(page.getByRole('heading', { name: 'Reviews (12)' })).toBeVisible();
  const controls = reviewControls(page);
  const reviews = page.getByRole('region', { name: 'Reviews of this tutor' });
  const count = reviews.getByRole('status');

  await controls.getByRole('combobox', { name: 'Course' }).selectOption('PHYS101 Mechanics');
  await expect(page).toHaveURL(/reviewsCourse=PHYS101\+Mechanics/);
  await expect(count).toHaveText('Showing 1–10 of 11 matching reviews');
  await expect(reviews.getByRole('article', { name: 'Optics review' })).toHaveCount(0);

  await reviews.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/reviewsPage=2/);
  await expect(page).toHaveURL(/reviewsCourse=PHYS101\+Mechanics/);
  await expect(count).toHaveText('Showing 11–11 of 11 matching reviews');

  // A new filter starts from the first page and keeps the others. (The box lives in the URL: its
  // state settles once the navigation it starts has run.)
  await controls.getByRole('checkbox', { name: 'Last 12 months' }).click();
  await expect(controls.getByRole('checkbox', { name: 'Last 12 months' })).toBeChecked();
  await expect(page).toHaveURL(/reviewsRecent=1/);
  await expect(page).not.toHaveURL(/reviewsPage=/);
  await expect(page).toHaveURL(/reviewsCourse=PHYS101\+Mechanics/);
  // Every review here was written today.
  await expect(count).toHaveText('Showing 1–10 of 11 matching reviews');
  await reviews.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/reviewsPage=2/);
  await expect(page).toHaveURL(/reviewsRecent=1/);
  await expect(count).toHaveText('Showing 11–11 of 11 matching reviews');

  await controls.getByRole('combobox', { name: 'Stars' }).selectOption('5 stars');
  await expect(page).toHaveURL(/reviewsRating=5/);
  await expect(count).toHaveText('Showing 1–2 of 2 matching reviews');
  await expect(reviews.getByRole('article')).toHaveCount(2);
  for (const title of ['Mechanics review 4', 'Mechanics review 9'])
    await expect(reviews.getByRole('article', { name: title })).toBeVisible();

  // The server sends the same filtered page of reviews in the page itself, among its first answers.
  const url = new URL(page.url());
  const shell = await page.request.get(url.pathname + url.search);
  expect(await shell.text()).toContain(
    `"/api/tutors/${tutorId}/reviews?course=PHYS101+Mechanics&rating=5&recent=1&page=1":`,
  );
  await page.reload();
  await expect(count).toHaveText('Showing 1–2 of 2 matching reviews');
  await expect(controls.getByRole('checkbox', { name: 'Last 12 months' })).toBeChecked();

  await controls.getByRole('combobox', { name: 'Course' }).selectOption('PHYS202 Optics');
  await expect(reviews.getByRole('article', { name: 'Optics review' })).toBeVisible();
  await controls.getByRole('combobox', { name: 'Stars' }).selectOption('1 star');
  await expect(page.getByText('No reviews match these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Show all reviews' }).click();
  await expect(page).not.toHaveURL(/reviewsCourse|reviewsRating|reviewsRecent/);
  await expect(reviews.getByRole('article')).toHaveCount(10);
});

// Site-wide: its 26 reviews would push other tests' reviews off the first page of All Reviews.
test(
  'All Reviews filters by department and course; loading more keeps the filters',
  { tag: '@site-wide' },
  async ({ page, browser }) => {
    const run = suffix();
    const department = `Filtered Studies ${run}`;
    const student = await createStudent(page.request);
    await logInAs(page, student);
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await logInAs(adminPage, admin);
    const imageKey = await uploadPicture(adminPage.request);
    // 26 reviews in the department (a feed page is 24), all but one of them naming the course.
    for (let i = 0; i < 26; i++) {
      const response = await adminPage.request.post('/api/admin/tutors', {
        data: {
          name: `Filter Tutor ${run} ${i}`,
          department,
          biography: 'Bio.',
          courses: ['ART100 Drawing'],
          imageKey,
          isPublic: true,
        },
      });
      const { tutor } = await response.json();
      await reviewThroughApi(page.request, tutor.id, {
        title: `Filter review ${run} ${i}`,
        rating: 4,
        course: i === 0 ? null : 'ART100 Drawing',
      });
    }
    await adminContext.close();

    await page.goto('/user/allreviews');
    await page.getByRole('combobox', { name: 'Department' }).selectOption(department);
    await expect(page).toHaveURL(new RegExp(`department=${encodeURIComponent(department).replace(/%20/g, '\\+')}`));
    const status = page.getByRole('status').filter({ hasText: /^Showing/ });
    await expect(status).toHaveText('Showing 24 of 26 reviews');
    await page.mouse.wheel(0, 20_000);
    await expect(status).toHaveText('Showing 26 of 26 reviews');
    await expect(page.getByRole('heading', { name: `Filter review ${run} 0`, exact: true })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Course' }).fill('ART100 Drawing');
    await expect(page).toHaveURL(/course=ART100\+Drawing/);
    await expect(page).toHaveURL(/department=/);
    await expect(status).toHaveText('Showing 24 of 25 reviews');
    await page.mouse.wheel(0, 20_000);
    await expect(status).toHaveText('Showing 25 of 25 reviews');
    await expect(page.getByRole('heading', { name: `Filter review ${run} 0`, exact: true })).toHaveCount(0);
    await expect(page.getByText('You have reached the end of the reviews.')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Course' }).fill('No such course');
    await expect(page.getByText('No reviews match these filters.')).toBeVisible();
    await page.getByRole('link', { name: 'Show all reviews' }).click();
    await expect(page).toHaveURL(/\/user\/allreviews$/);
    await expect(page.getByRole('searchbox', { name: 'Course' })).toHaveValue('');
  },
);

// Site-wide: every review form offers the tags.
test(
  'an admin edits the review tags in Settings and the review form offers the new list',
  { tag: '@site-wide' },
  async ({ page, browser }) => {
    await logInAs(page, admin);
    try {
      await page.goto('/admin/settings');
      const tagsBox = page.getByRole('textbox', { name: 'Review tags' });
      await expect(tagsBox).toHaveValue(DEFAULT_REVIEW_TAGS.join('\n'));
      await tagsBox.fill('Explains clearly\nKind\nexplains clearly');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Each tag once.').first()).toBeVisible();
      await tagsBox.fill('Explains clearly\n\n  Kind  \nDemanding\nFunny');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await expect(page.getByText('Settings saved')).toBeVisible();
      await expect(tagsBox).toHaveValue('Explains clearly\nKind\nDemanding\nFunny');

      const { page: studentPage } = await studentSession(browser);
      await studentPage.goto('/user/SubmitReview');
      const tags = studentPage.getByRole('group', { name: 'Tags' });
      await expect(tags.getByRole('checkbox')).toHaveCount(4);
      await expect(tags.getByRole('checkbox', { name: 'Demanding' })).toBeVisible();
      await expect(tags.getByRole('checkbox', { name: 'Patient' })).toHaveCount(0);
      for (const tag of ['Explains clearly', 'Kind', 'Funny']) await tags.getByRole('checkbox', { name: tag }).check();
      await expect(tags.getByRole('checkbox', { name: 'Demanding' })).toBeDisabled();
      await expect(tags).toContainText('Choose up to 3. Untick one to choose another.');
    } finally {
      const restored = await page.request.patch('/api/admin/settings', { data: { reviewTags: DEFAULT_REVIEW_TAGS } });
      expect(restored.status()).toBe(200);
    }
  },
);

test('the tutor page with its summary, filters and helpful votes is accessible and fits a phone', async ({
  page,
  browser,
}) => {
  const tutorId = await publishTutor(browser, {
    name: `Accessible Details ${suffix()}`,
    department: 'Accessible Studies',
    courses: ['ACC101 A course with a rather long name about inclusive design and the web'],
  });
  const writer = await studentSession(browser);
  const writerReview = await writer.page.request.post('/api/reviews', {
    data: {
      tutorId,
      title: 'Detailed and accessible',
      body: 'Every detail filled in.',
      rating: 4,
      course: 'ACC101 A course with a rather long name about inclusive design and the web',
      term: { season: 'spring', year: thisYear },
      difficulty: 3,
      wouldTakeAgain: true,
      tags: ['Clear explanations', 'Strict about attendance', 'Gives good feedback'],
    },
  });
  expect(writerReview.status()).toBe(201);
  const student = await createStudent(page.request);
  await logInAs(page, student);
  await reviewThroughApi(page.request, tutorId, { title: 'My own view', rating: 5, tags: ['Patient'] });
  const reviewId = (await writerReview.json()).review.id;
  expect((await page.request.put(`/api/reviews/${reviewId}/helpful`)).status()).toBe(200);

  const ready = async () => {
    await expect(page.getByRole('article', { name: 'Detailed and accessible' })).toBeVisible();
    await expect(reviewControls(page)).toBeVisible();
    await expect(ratingsCard(page).getByRole('list', { name: 'Most given tags' })).toBeVisible();
  };
  await page.goto(`/user/tutorprofile/${tutorId}?reviewsSort=helpful&reviewsRecent=1`);
  await ready();
  expect(await accessibilityViolations(page), 'accessibility violations on the tutor page').toEqual([]);

  await page.goto(`/user/SubmitReview?tutorId=${tutorId}`);
  await expect(page.getByRole('heading', { name: 'Update Review' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Tags' })).toBeVisible();
  expect(await accessibilityViolations(page), 'accessibility violations on the review form').toEqual([]);

  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    `/user/tutorprofile/${tutorId}?reviewsSort=helpful&reviewsRecent=1`,
    `/user/SubmitReview?tutorId=${tutorId}`,
    '/user/allreviews?department=Accessible+Studies',
    '/user/myreviews',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await expectNoSidewaysScroll(page, path);
  }
});
