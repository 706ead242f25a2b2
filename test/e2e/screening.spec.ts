import type { APIRequestContext, Page } from '@playwright/test';
import { accessibilityViolations } from './axe';
import {
  admin,
  createStudent,
  expect,
  expectNoSidewaysScroll,
  logInAs,
  publishTutor,
  studentSession,
  suffix,
  test,
} from './fixtures';

const PHONE = '555-123-4567';

async function setScreeningMode(request: APIRequestContext, mode: 'off' | 'warn' | 'hold') {
  const response = await request.patch('/api/admin/settings', { data: { screeningMode: mode } });
  expect(response.status()).toBe(200);
}

async function expectAccessible(page: Page, where: string) {
  expect(await accessibilityViolations(page), `accessibility violations on ${where}`).toEqual([]);
  await expectNoSidewaysScroll(page, where);
}

// Both change or read the site-wide Screening setting: one after the other.
test.describe.configure({ mode: 'serial' });

// Site-wide: Hold holds every review that mentions a phone number, anyone's.
test(
  'a review with a phone number gets the notice; under Hold "Submit anyway" leaves it waiting, and a moderator publishes it',
  { tag: '@site-wide' },
  async ({ page, browser }) => {
    test.setTimeout(90_000);
    const tutorName = `Screened Tutor ${suffix()}`;
    const tutorId = await publishTutor(browser, { name: tutorName, department: 'Linguistics' });
    const adminContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const adminPage = await adminContext.newPage();
    await logInAs(adminPage, admin);
    await setScreeningMode(adminPage.request, 'hold');

    try {
      const student = await createStudent(page.request, { name: 'Sam Screened' });
      await logInAs(page, student);
      await page.setViewportSize({ width: 360, height: 800 });
      await page.goto(`/user/SubmitReview?tutorId=${tutorId}`);
      await expect(page.getByRole('heading', { name: 'Submit a Review' })).toBeVisible();
      const title = `Book early ${suffix()}`;
      await page.getByLabel('Title').fill(title);
      await page.getByRole('radio', { name: '4 stars' }).check();
      const body = page.getByRole('textbox', { name: 'Review', exact: true });
      await body.fill('Patient with proofs.');
      await expect(page.getByText('Before you submit:')).toBeHidden();
      // As the student types, the same rules say what they found under the text.
      await body.fill(`Patient with proofs. Text her at ${PHONE} to book a session.`);
      await expect(page.getByText('Before you submit:')).toBeVisible();
      await expect(page.getByText('this review seems to contain a phone number in the text')).toBeVisible();
      await page.getByRole('button', { name: 'Submit Review' }).click();

      // The notice names what the screen found and where, and offers both ways on.
      const notice = page.getByRole('region', { name: 'Please check your review before it is published' });
      await expect(notice).toBeVisible();
      await expect(notice).toContainText(`a phone number in the text: ${PHONE}`);
      await expect(notice).toContainText('waits for a moderator before anyone else sees it');
      await expect(notice.getByRole('heading')).toBeFocused();
      await expectAccessible(page, 'the review form with the screening notice at 360 px');

      // Edit my review: back to the words found, nothing sent.
      await notice.getByRole('button', { name: 'Edit my review' }).click();
      await expect(notice).toBeHidden();
      await expect(body).toBeFocused();
      expect(
        await body.evaluate((area: HTMLTextAreaElement) => area.value.slice(area.selectionStart, area.selectionEnd)),
      ).toBe(PHONE);
      const mine = await (await page.request.get(`/api/reviews/mine?tutorId=${tutorId}`)).json();
      expect(mine.items).toEqual([]);

      await page.getByRole('button', { name: 'Submit Review' }).click();
      await notice.getByRole('button', { name: 'Submit anyway' }).click();
      await expect(page.getByText('Your review is waiting for a moderator.')).toBeVisible();
      await expect(page).toHaveURL(/\/user\/myreviews/i);
      const myReview = page.getByRole('article', { name: title });
      await expect(myReview).toContainText('Waiting for a moderator');
      await expectAccessible(page, 'My Reviews with a review waiting for a moderator at 360 px');
      // Its author sees that status wherever the review leads: the tutor's page and the edit form.
      await page.goto(`/user/tutorprofile/${tutorId}`);
      await expect(page.getByText('Your review is waiting for a moderator')).toBeVisible();
      await page.getByRole('link', { name: 'Edit your review' }).click();
      await expect(page.getByRole('heading', { name: 'Update Review' })).toBeVisible();
      await expect(page.getByRole('note')).toContainText('it keeps waiting after you update it');

      // Nobody else sees it: not on the tutor's page, not in its average.
      const other = await studentSession(browser, 'Olive Other');
      const othersView = await (await other.page.request.get(`/api/tutors/${tutorId}/reviews`)).json();
      expect(othersView.items).toEqual([]);

      // A moderator finds it under Flagged with what the screen found, and publishes it.
      await adminPage.goto(`/admin/review-managment?tab=flagged&q=${encodeURIComponent(title)}`);
      const tabs = adminPage.getByRole('navigation', { name: 'Review queues' });
      await expect(tabs.getByRole('link', { name: /Flagged/ })).toHaveAttribute('aria-current', 'page');
      const row = adminPage.getByRole('row').filter({ hasText: title });
      await expect(row).toContainText('Waiting for a moderator');
      await row.getByRole('button', { name: title }).click();
      const found = adminPage.getByRole('list', { name: 'What the screen found' });
      await expect(found).toContainText(`a phone number in the text: ${PHONE}`);
      await expectAccessible(adminPage, 'the Flagged tab at 360 px');
      await row.getByRole('button', { name: 'Actions for the review by Sam Screened' }).click();
      await adminPage.getByRole('menuitem', { name: 'Approve and publish' }).click();
      await expect(adminPage.getByText('Review published')).toBeVisible();
      await expect(adminPage.getByRole('row').filter({ hasText: title })).toHaveCount(0);

      const published = await (await other.page.request.get(`/api/tutors/${tutorId}/reviews`)).json();
      expect(published.items.map((item: { title: string }) => item.title)).toEqual([title]);
      await page.goto(`/user/tutorprofile/${tutorId}`);
      await expect(page.getByRole('article', { name: title })).toBeVisible();
      await expect(page.getByText('Your review is waiting for a moderator')).toBeHidden();
      await page.goto('/user/myreviews');
      await expect(page.getByRole('article', { name: title })).not.toContainText('Waiting for a moderator');
      await other.page.context().close();
    } finally {
      await setScreeningMode(adminPage.request, 'warn');
      await adminContext.close();
    }
  },
);

// Site-wide with the test before it, which changes the setting this one reads.
test(
  'Settings offers Screening (Off / Warn / Hold) and the AI second opinion',
  { tag: '@site-wide' },
  async ({ page }) => {
    await logInAs(page, admin);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/admin/settings');
    const screening = page.getByRole('group', { name: 'Screening' });
    await expect(screening.getByRole('radio', { name: 'Warn' })).toBeChecked();
    await expect(screening).toContainText('Hold: "Submit anyway" keeps the review waiting for a moderator');
    await expect(page.getByRole('switch', { name: 'Ask the AI provider for a second opinion' })).not.toBeChecked();
    await expectAccessible(page, 'the settings page at 360 px');
  },
);
