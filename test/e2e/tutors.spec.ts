import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { admin, createStudent, expect, logInAs, test } from './fixtures';

/** A real photo-sized PNG, made on the spot: a picture upload needs real image bytes. */
async function portraitPng(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 110, b: 180 } } })
    .png()
    .toBuffer();
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInAs(page, admin);
  return page;
}

function uniqueTutorName(): string {
  return `Ada Quinterro ${randomUUID().slice(0, 6)}`;
}

async function searchTutors(page: Page, text: string): Promise<void> {
  await page.goto('/user/tutors');
  await page.getByRole('searchbox', { name: /search/i }).fill(text);
  // The search applies after a pause in typing; a click before then would race it.
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text);
}

test('a submitted tutor stays private until an admin approves it, then it is listed with its picture', async ({
  page,
  browser,
}) => {
  const student = await createStudent(page.request);
  await logInAs(page, student);
  const name = uniqueTutorName();

  await page.goto('/user/add-teacher');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Department').fill('Applied Linguistics');
  await page.getByLabel('Biography').fill('Runs weekly phonetics clinics and marks LING201 coursework.');
  await page
    .getByLabel(/picture/i)
    .setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: await portraitPng() });
  await expect(page.getByRole('img', { name: /preview/i })).toBeVisible();
  await page.getByLabel('Course 1').fill('LING201 Phonetics');
  await page.getByRole('button', { name: 'Submit Tutor' }).click();
  await expect(page.getByText('Submitted SuccessFully')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/mytutors$/);
  const submission = page.getByRole('listitem').filter({ hasText: name });
  await expect(submission.getByText(/pending/i)).toBeVisible();

  // Private while pending: not in the list, even for its submitter.
  await searchTutors(page, name);
  await expect(page.getByText('No Record Found')).toBeVisible();

  const adminTab = await adminPage(browser);
  await adminTab.goto('/admin/manage-submissions');
  const queued = adminTab.getByRole('row').filter({ hasText: name });
  await queued.getByRole('button', { name: 'Approve' }).click();
  await expect(queued).toHaveCount(0);

  await searchTutors(page, name);
  const card = page.getByRole('article').filter({ hasText: name });
  await expect(card).toBeVisible();
  const picture = card.getByRole('img', { name });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(card.getByText('No ratings yet')).toBeVisible();

  await card.getByRole('link', { name: 'View Tutor Profile' }).click();
  // The list's cards carry the same name and department: wait for the profile itself.
  await expect(page).toHaveURL(/\/user\/tutorprofile\//);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('APPLIED LINGUISTICS', { exact: true })).toBeVisible();
  await expect(page.getByText('Public Profile')).toBeVisible();
  await expect(page.getByText('No reviews yet.')).toBeVisible();
  await expect(page.getByRole('button', { name: /delete/i })).toHaveCount(0);
  await adminTab.context().close();
});

test('a rejected submission shows its reason to the student', async ({ page, browser }) => {
  const student = await createStudent(page.request);
  await logInAs(page, student);
  const name = uniqueTutorName();
  const created = await page.request.post('/api/tutors', {
    data: { name, department: 'Geology', biography: 'Field trips every spring.', courses: [] },
  });
  expect(created.status()).toBe(201);

  const adminTab = await adminPage(browser);
  await adminTab.goto('/admin/managesubmissions');
  const queued = adminTab.getByRole('row').filter({ hasText: name });
  // Reject sits in the row's menu.
  await queued.getByRole('button', { name: `More actions for ${name}` }).click();
  await adminTab.getByRole('menuitem', { name: 'Reject' }).click();
  const dialog = adminTab.getByRole('dialog');
  await dialog.getByLabel(/reason/i).fill('Not a member of staff.');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(queued).toHaveCount(0);
  await adminTab.context().close();

  await page.goto('/user/mytutors');
  const submission = page.getByRole('listitem').filter({ hasText: name });
  await expect(submission.getByText(/rejected/i)).toBeVisible();
  await expect(submission.getByText('Not a member of staff.')).toBeVisible();
});

test('an admin adds a teacher, then deletes it through the confirmation dialog', async ({ page }) => {
  await logInAs(page, admin);
  const name = uniqueTutorName();

  await page.goto('/admin/add-teacher');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Biography').fill('Teaches the numerical methods lab.');
  await page.getByLabel('Department').fill('Mathematics');
  await page
    .getByLabel(/picture/i)
    .setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: await portraitPng() });
  await expect(page.getByRole('img', { name: /preview/i })).toBeVisible();
  await page.getByRole('button', { name: 'Add Another Course' }).click();
  await page.getByLabel('Course 1').fill('MATH260 Numerical Methods');
  await expect(page.getByLabel('Public')).toBeChecked();
  await page.getByRole('button', { name: /submit|add teacher|save/i }).click();
  await expect(page.getByText('Submitted SuccessFully')).toBeVisible();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Profile' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Are you sure?')).toBeVisible();
  await expect(
    dialog.getByText('Do you really want to delete this profile? This process cannot be undone.'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Profile' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes Delete' }).click();
  await expect(page.getByText('Tutor deleted successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/teacher-profile-managment$/);

  const profile = await page.request.get(`/api/admin/tutors?q=${encodeURIComponent(name)}`);
  expect((await profile.json()).total).toBe(0);
});

test('an unknown tutor id says so', async ({ page }) => {
  const student = await createStudent(page.request);
  await logInAs(page, student);
  for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
    await page.goto(`/user/tutorprofile/${id}`);
    await expect(page.getByText('No Teacher Record Found')).toBeVisible();
    await expect(page.getByText('Invalid URL')).toBeVisible();
  }
});
