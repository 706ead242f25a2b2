import type { Browser } from '@playwright/test';
import { accessibilityViolations } from './axe';
import { fakeAi } from './e2e-server';
import {
  admin,
  expect,
  expectNoSidewaysScroll,
  logInAs,
  publishTutor,
  reviewThroughApi,
  studentSession,
  suffix,
  test,
} from './fixtures';

const control = `http://127.0.0.1:${fakeAi.controlPort}`;

/** Turns the administrator's AI summaries setting on or off, as the settings page would. */
async function setAiSummaries(browser: Browser, on: boolean): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInAs(page, admin);
  expect((await page.request.patch('/api/admin/settings', { data: { aiSummaries: on } })).status()).toBe(200);
  await context.close();
}

// Site-wide: it turns on AI summaries for the whole site and sets what the fake model answers.
test(
  'a tutor profile shows the AI summary of its reviews, each sentence linking to the reviews it cites',
  { tag: '@site-wide' },
  async ({ browser, request }) => {
    const tutorId = await publishTutor(browser, { name: `Ada Summary ${suffix()}`, department: 'Mathematics' });
    // Posted oldest first; the summary is asked for newest first (R1 is the last one posted).
    const reviewIds: string[] = [];
    for (const [index, title] of ['Patient teacher', 'Clear proofs', 'Well prepared', 'Quick replies'].entries()) {
      const { page } = await studentSession(browser);
      reviewIds.push(await reviewThroughApi(page.request, tutorId, { title, rating: 5 - (index % 2) }));
      await page.context().close();
    }
    const [oldest, , second, newest] = reviewIds;

    // The fake model cites the newest two in one sentence and the oldest in the other.
    expect((await request.post(`${control}/reset`)).status()).toBe(204);
    const scenario = await request.post(`${control}/scenario`, {
      data: {
        summaryReply: JSON.stringify({
          sentences: [
            { text: 'Students praise clear, patient explanations.', reviews: ['R1', 'R2'] },
            { text: 'One student found the first sessions fast.', reviews: ['R4'] },
          ],
        }),
      },
    });
    expect(scenario.status()).toBe(204);

    await setAiSummaries(browser, true);
    try {
      const { page } = await studentSession(browser);
      await page.goto(`/user/tutorprofile/${tutorId}`);
      const summary = page.getByRole('region', { name: 'What students say' });
      // Written in the background (every second on this server): it shows once written.
      await expect(async () => {
        await page.reload();
        await expect(summary).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });

      await expect(summary.getByText('AI summary of 4 reviews')).toBeVisible();
      await expect(summary.getByText('Students praise clear, patient explanations.')).toBeVisible();
      await expect(summary.getByRole('link')).toHaveText(['[1]', '[2]', '[3]']);
      await expect(summary.getByRole('link', { name: 'Review 1' })).toHaveAttribute('href', `#review-${newest}`);
      await expect(summary.getByRole('link', { name: 'Review 2' })).toHaveAttribute('href', `#review-${second}`);

      await summary.getByRole('link', { name: 'Review 3' }).click();
      const cited = page.locator(`#review-${oldest}`);
      await expect(cited).toBeFocused();
      await expect(cited).toBeInViewport();
      await expect(cited).toContainText('Patient teacher');

      // A cited review the list does not show (here filtered out by its stars) is found among the most helpful.
      await page.goto(`/user/tutorprofile/${tutorId}?reviewsRating=4`);
      await expect(page.locator(`#review-${oldest}`)).toHaveCount(0);
      await summary.getByRole('link', { name: 'Review 3' }).click();
      await expect(page).toHaveURL(new RegExp(`reviewsSort=helpful#review-${oldest}$`));
      await expect(cited).toBeFocused();
      await expect(cited).toBeInViewport();

      expect(await accessibilityViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 360, height: 740 });
      await expect(summary).toBeVisible();
      await expectNoSidewaysScroll(page, 'a tutor profile with an AI summary');
      await summary.getByRole('link', { name: 'Review 1' }).click();
      await expect(page.locator(`#review-${newest}`)).toBeFocused();
      await expect(page.locator(`#review-${newest}`)).toBeInViewport();
    } finally {
      await setAiSummaries(browser, false);
    }
  },
);
