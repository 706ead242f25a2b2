import { rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { fullDisk } from './e2e-server';
import { createStudent, expect, logInAs, suffix, test, uploadPicture } from './fixtures';
import { type ServerProcess, startServerProcess, stopServerProcess, waitUntilReady } from '../helpers/server-process';
import { mountTmpfs, type Tmpfs, tmpfsUnavailableReason } from '../helpers/tmpfs';

/*
 * The data folder on a small tmpfs that fills up, under the built product: the review form and
 * the Add Tutor form say saving is not possible and nothing was saved, and keep what the student
 * typed, so a second click once space is back saves it.
 */

const unavailable = tmpfsUnavailableReason();
const baseUrl = `http://127.0.0.1:${fullDisk.port}`;
const NOTHING_SAVED =
  "Saving is not possible right now: the server's disk is full. Nothing was saved; please try again later.";

test.use({ baseURL: baseUrl });
test.describe.configure({ mode: 'serial' });

let disk: Tmpfs;
let server: ServerProcess;

test.beforeAll(async () => {
  test.skip(unavailable !== null, unavailable ?? '');
  test.setTimeout(120_000);
  disk = await mountTmpfs(96);
  server = startServerProcess(fullDisk.port, {
    DATA_DIR: disk.dir,
    ADMIN_EMAIL: fullDisk.adminEmail,
    ADMIN_PASSWORD: fullDisk.adminPassword,
  });
  await waitUntilReady(server, 90_000);
});

test.afterAll(async () => {
  if (server) await stopServerProcess(server);
  if (disk) await disk.unmount();
});

test('the review form and the Add Tutor form keep what was typed and say nothing was saved', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // This instance has an admin of its own (the fixtures' publishTutor signs in as the main run's).
  const adminContext = await browser.newContext({ baseURL: baseUrl });
  const adminPage = await adminContext.newPage();
  await logInAs(adminPage, { email: fullDisk.adminEmail, password: fullDisk.adminPassword });
  const imageKey = await uploadPicture(adminPage.request);
  const created = await adminPage.request.post('/api/admin/tutors', {
    data: {
      name: `Disk Tutor ${suffix()}`,
      department: 'Physics',
      biography: 'Labs.',
      courses: [],
      imageKey,
      isPublic: true,
    },
  });
  expect(created.status()).toBe(201);
  const tutorId = (await created.json()).tutor.id as string;
  await adminContext.close();

  const student = await createStudent(page.request, { outbox: path.join(disk.dir, 'outbox') });
  await logInAs(page, student);
  const filler = await disk.fill();

  await page.goto(`/user/SubmitReview?tutorId=${tutorId}`);
  await page.getByLabel('Title').fill('Patient in every lab');
  await page.getByRole('radio', { name: '4 stars' }).check();
  const reviewText = page.getByRole('textbox', { name: 'Review', exact: true });
  await reviewText.fill('Explains the apparatus before every experiment.');
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText(NOTHING_SAVED)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/SubmitReview/);
  await expect(page.getByLabel('Title')).toHaveValue('Patient in every lab');
  await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await expect(reviewText).toHaveValue('Explains the apparatus before every experiment.');

  // The Add Tutor form: the picture goes to the same disk when chosen. (The tutor's own row may
  // still fit in a page the database has already allocated, so it is the picture that is refused.)
  await page.goto('/user/add-teacher');
  const tutorName = `Grace Full ${suffix()}`;
  await page.getByLabel('Name', { exact: true }).fill(tutorName);
  await page.getByLabel('Department').fill('Computer Science');
  await page.getByLabel('Biography').fill('Compilers, twice a week.');
  await page.getByLabel('Course 1').fill('CS301 Compilers');
  const picture = { name: 'portrait.png', mimeType: 'image/png', buffer: await portraitPng() };
  await page.getByLabel(/picture/i).setInputFiles(picture);
  await expect(page.getByText(NOTHING_SAVED)).toBeVisible();
  await expect(page).toHaveURL(/\/user\/add-teacher$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(tutorName);
  await expect(page.getByLabel('Department')).toHaveValue('Computer Science');
  await expect(page.getByLabel('Biography')).toHaveValue('Compilers, twice a week.');
  await expect(page.getByLabel('Course 1')).toHaveValue('CS301 Compilers');

  // Space comes back: the same form, still filled in, takes the picture and saves the tutor.
  await rm(filler);
  await expect(async () => expect((await page.request.get('/readyz')).status()).toBe(200)).toPass({ timeout: 20_000 });
  await page.getByLabel(/picture/i).setInputFiles(picture);
  await expect(page.getByRole('img', { name: /preview/i })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Tutor' }).click();
  await expect(page.getByText('Submitted SuccessFully')).toBeVisible();
  await expect(page.getByRole('article', { name: tutorName })).toBeVisible();
});

async function portraitPng(): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 128, channels: 3, background: '#7a5' } })
    .png()
    .toBuffer();
}
