import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DEFAULT_DRAFT_TEXT } from '../fakes/fake-http';
import { accessibilityViolations } from './axe';
import { e2eServerWithoutAi, fakeAi } from './e2e-server';
import { createStudent, expect, logInAs, publishTutor, test } from './fixtures';

const control = `http://127.0.0.1:${fakeAi.controlPort}`;

/** Tells the fake Gemini what to answer next. */
async function fakeGeminiAnswers(request: APIRequestContext, scenario: string, chunkDelayMs = 250): Promise<void> {
  expect((await request.post(`${control}/reset`)).status()).toBe(204);
  expect((await request.post(`${control}/scenario`, { data: { gemini: scenario, chunkDelayMs } })).status()).toBe(204);
}

interface FakeRecords {
  gemini: { path: string; body: { contents: { parts: { text: string }[] }[] } }[];
  abortedStreams: { gemini: number };
}
async function fakeRecords(request: APIRequestContext): Promise<FakeRecords> {
  return (await request.get(`${control}/requests`)).json();
}

const reviewText = (page: Page) => page.getByRole('textbox', { name: 'Review', exact: true });
const draftButton = (page: Page) => page.getByRole('button', { name: 'Write Review with AI' });

/** A signed-in student on the review form, with a public tutor chosen through 'Rate the Tutor'. */
async function openReviewForm(page: Page, browser: Parameters<typeof publishTutor>[0]): Promise<{ tutorName: string }> {
  const tutorName = `Ida Draft ${randomUUID().slice(0, 6)}`;
  const tutorId = await publishTutor(browser, { name: tutorName, department: 'Linguistics', courses: ['Phonology'] });
  await logInAs(page, await createStudent(page.request, { name: 'Dora Drafter' }));
  await page.goto(`/user/SubmitReview?tutorId=${tutorId}`);
  await expect(page.getByRole('combobox', { name: 'Tutor' })).toContainText(tutorName);
  return { tutorName };
}

test("the draft streams into the review text after 'Thinking......', and the review is marked AI-assisted", async ({
  page,
  browser,
  request,
}) => {
  await fakeGeminiAnswers(request, 'draft');
  const { tutorName } = await openReviewForm(page, browser);
  await expect(page.getByText(/are sent to Gemini \(Google\) to write the draft/)).toBeVisible();
  await page.getByLabel('Title').fill('Phonology made audible');
  await page.getByRole('radio', { name: '4 stars' }).check();
  await reviewText(page).fill('She recorded every minimal pair for us.');

  await draftButton(page).click();

  await expect(reviewText(page)).toHaveValue('Thinking......');
  await expect(page.getByRole('status').filter({ hasText: 'Writing a draft…' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Review' })).toBeDisabled();
  // The text grows piece by piece while the model writes.
  const seenLengths = new Set<number>();
  await expect
    .poll(
      async () => {
        const value = await reviewText(page).inputValue();
        if (value !== 'Thinking......') seenLengths.add(value.length);
        return value;
      },
      { intervals: [50], timeout: 10_000 },
    )
    .toBe(DEFAULT_DRAFT_TEXT);
  expect([...seenLengths].filter((length) => length < DEFAULT_DRAFT_TEXT.length).length).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('status').filter({ hasText: 'Draft ready.' })).toBeVisible();
  // The four-row box followed the text as it grew.
  expect(await reviewText(page).evaluate((box) => box.scrollTop)).toBeGreaterThan(0);

  // The student's title, rating and notes went to the model with the tutor.
  const [sent] = (await fakeRecords(request)).gemini;
  const prompt = sent!.body.contents[0]!.parts[0]!.text;
  for (const part of [
    tutorName,
    'Linguistics',
    'Phonology',
    'Phonology made audible',
    'She recorded every minimal pair for us.',
  ])
    expect(prompt).toContain(part);

  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Review submitted successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Phonology made audible' })).toBeVisible();
  await expect(page.getByText('AI-assisted')).toBeVisible();
});

test('when the provider fails, the earlier text comes back and a toast says what went wrong', async ({
  page,
  browser,
  request,
}) => {
  await fakeGeminiAnswers(request, 'server-error');
  await openReviewForm(page, browser);
  await reviewText(page).fill('My own notes about the seminars.');

  await draftButton(page).click();

  await expect(page.getByText('The AI service is not working right now. Please try again later.')).toBeVisible();
  await expect(reviewText(page)).toHaveValue('My own notes about the seminars.');
  await expect(page.getByRole('button', { name: 'Undo AI draft' })).toHaveCount(0);

  // A draft blocked halfway: the text that had streamed in goes, the notes come back.
  await fakeGeminiAnswers(request, 'blocked-response');
  await draftButton(page).click();
  await expect(
    page.getByText("The AI model's safety filters blocked this draft. Try rewording your title or notes."),
  ).toBeVisible();
  await expect(reviewText(page)).toHaveValue('My own notes about the seminars.');
});

test('the student can stop a draft and keep what was written, or undo it', async ({ page, browser, request }) => {
  await fakeGeminiAnswers(request, 'stall');
  await openReviewForm(page, browser);
  await reviewText(page).fill('Short notes.');

  await draftButton(page).click();
  await expect(reviewText(page)).not.toHaveValue(/^(Thinking\.\.\.\.\.\.|Short notes\.)$/);
  expect(await accessibilityViolations(page), 'accessibility violations while drafting').toEqual([]);
  const partial = await reviewText(page).inputValue();
  await page.getByRole('button', { name: 'Stop' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Stopped. The draft so far is kept.' })).toBeVisible();
  await expect(reviewText(page)).toHaveValue(partial);
  await expect.poll(async () => (await fakeRecords(request)).abortedStreams.gemini).toBe(1);
  expect(await accessibilityViolations(page), 'accessibility violations after stopping').toEqual([]);

  await page.getByRole('button', { name: 'Undo AI draft' }).click();
  await expect(reviewText(page)).toHaveValue('Short notes.');
});

test('leaving the page cancels the request to the provider', async ({ page, browser, request }) => {
  await fakeGeminiAnswers(request, 'stall');
  await openReviewForm(page, browser);

  await draftButton(page).click();
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await page.goto('/user/myreviews');

  await expect.poll(async () => (await fakeRecords(request)).abortedStreams.gemini).toBe(1);
});

test('without a tutor chosen the button asks for one and sends nothing', async ({ page, request }) => {
  await fakeGeminiAnswers(request, 'draft');
  await logInAs(page, await createStudent(page.request));
  await page.goto('/user/SubmitReview');

  await draftButton(page).click();

  await expect(page.getByText('Choose a tutor first: the AI writes the draft about them.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tutor' })).toBeFocused();
  expect((await fakeRecords(request)).gemini).toHaveLength(0);
});

test('with no AI provider configured the button is disabled and says why', async ({ page, playwright }) => {
  const baseURL = `http://127.0.0.1:${e2eServerWithoutAi.port}`;
  const api = await playwright.request.newContext({ baseURL });
  const student = await createStudent(api, { outbox: path.join(e2eServerWithoutAi.dataDir, 'outbox') });
  await api.dispose();
  expect(
    (
      await page.request.post(`${baseURL}/api/auth/login`, {
        data: { email: student.email, password: student.password },
      })
    ).status(),
  ).toBe(200);

  await page.goto(`${baseURL}/user/SubmitReview`);

  await expect(draftButton(page)).toBeDisabled();
  // Students hear that drafting is not offered; what to configure is the administrators' business.
  await expect(draftButton(page)).toHaveAccessibleDescription("AI drafting isn't available on this site.");
  await expect(page.getByText("AI drafting isn't available on this site.")).toBeVisible();
  await expect(page.getByText('No AI provider is configured.')).toHaveCount(0);
});
