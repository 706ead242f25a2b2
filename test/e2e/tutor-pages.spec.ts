import sharp from 'sharp';
import { admin, createStudent, expect, logInAs, publishTutor, suffix, test } from './fixtures';

/** Noise does not compress: a picture of about `megabytes` MB, so an upload takes a while on a slow link. */
async function noisyPng(megabytes: number): Promise<Buffer> {
  const side = Math.round(Math.sqrt((megabytes * 1024 * 1024) / 3));
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 3) * 104729) & 0xff;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

test('the upload shows a progress bar while a picture is on its way, then a preview', async ({ page }) => {
  const student = await createStudent(page.request);
  await logInAs(page, student);
  await page.goto('/user/tutorform');
  // A slow uplink, so the progress bar is on screen long enough to see.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });

  await page
    .getByLabel(/picture/i)
    .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: await noisyPng(2) });
  const progress = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('img', { name: /preview/i })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Tutor' })).toBeDisabled();
  await expect(progress).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Submit Tutor' })).toBeEnabled();
});

test('a file that is not a picture is refused with the upload toast', async ({ page }) => {
  const student = await createStudent(page.request);
  await logInAs(page, student);
  await page.goto('/user/tutorform');
  await page.getByLabel(/picture/i).setInputFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are lecture notes, not a picture'),
  });
  // The toast carries the spec's words and the server's reason.
  await expect(page.getByText(/^Failed to Upload Images: Only JPEG, PNG, WebP, GIF or AVIF/)).toBeVisible();
});

test('the form asks for required fields and shows possible duplicates while a name is typed', async ({
  page,
  browser,
}) => {
  const student = await createStudent(page.request);
  await logInAs(page, student);
  const existing = `Marguerite Okonkwo ${suffix()}`;
  await publishTutor(browser, { name: existing, department: 'Chemistry' });

  await page.goto('/user/tutorform');
  await page.getByRole('button', { name: 'Submit Tutor' }).click();
  // The error summary takes the focus and links to each field; the message stands under the field too.
  const summary = page.locator('[data-error-summary]');
  await expect(summary).toBeFocused();
  await summary.getByRole('link', { name: 'Name is required.' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toBeFocused();
  await expect(page.getByLabel('Name', { exact: true })).toHaveAccessibleDescription(/Name is required\./);

  await page.getByLabel('Department').fill('Chemistry');
  await page.getByLabel('Name', { exact: true }).fill(existing.replace('Marguerite', 'Marguerita'));
  const hint = page.getByRole('region', { name: 'This tutor may already exist:' });
  await expect(hint.getByRole('link', { name: new RegExp(existing) })).toBeVisible();
});

test('search, department filter and sort on the tutors page', async ({ page, browser }) => {
  const student = await createStudent(page.request);
  await logInAs(page, student);
  const tag = suffix();
  await publishTutor(browser, { name: `Zofia Érdi ${tag}`, department: `Astronomy ${tag}`, courses: ['AST101 Stars'] });
  await publishTutor(browser, { name: `Aaron Érdi ${tag}`, department: `Botany ${tag}` });

  await page.goto('/user/tutors');
  await page.getByRole('searchbox', { name: /search/i }).fill(`erdi ${tag}`);
  await expect(page.getByRole('article')).toHaveCount(2);
  await page.getByLabel('Sort by').selectOption({ label: 'Name A–Z' });
  await expect(page.getByRole('article').first()).toContainText(`Aaron Érdi ${tag}`);
  await page.getByLabel('Department').selectOption(`Astronomy ${tag}`);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText(`Zofia Érdi ${tag}`);
  await expect(page).toHaveURL(/department=Astronomy/);

  await page.getByRole('link', { name: 'Rate the Tutor' }).click();
  await expect(page).toHaveURL(/\/user\/SubmitReview\?tutorId=[0-9a-f-]{36}$/);
});

test('"Highest rated" ranks many good reviews above one perfect one, and says how', async ({ page, browser }) => {
  const tag = suffix();
  const soloId = await publishTutor(browser, { name: `Solo Perfect ${tag}`, department: 'Music' });
  const manyId = await publishTutor(browser, { name: `Many Good ${tag}`, department: 'Music' });
  // Six students rate "Many Good" 5, 5, 5, 5, 5, 4 (4.8); the first also gives "Solo Perfect" its one 5.
  const ratings = [5, 5, 5, 5, 5, 4];
  for (const [i, rating] of ratings.entries()) {
    const context = await browser.newContext();
    const writer = await context.newPage();
    await logInAs(writer, await createStudent(writer.request));
    const reviews = i === 0 ? [[soloId, 5] as const, [manyId, rating] as const] : [[manyId, rating] as const];
    for (const [tutorId, stars] of reviews) {
      const response = await writer.request.post('/api/reviews', {
        data: { tutorId, title: 'Rated', body: 'Rated for the ranking.', rating: stars },
      });
      expect(response.status()).toBe(201);
    }
    await context.close();
  }

  await logInAs(page, await createStudent(page.request));
  await page.goto(`/user/tutors?q=${tag}`);
  await expect(page.getByLabel('Sort by')).toHaveValue('rating');
  await expect(page.getByText(/Highest rated counts every tutor.s reviews as if 5 more/)).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(2);
  // The order weighs the count; each card still shows its own mean and count.
  await expect(cards.nth(0)).toContainText(`Many Good ${tag}`);
  await expect(cards.nth(0)).toContainText('4.8');
  await expect(cards.nth(1)).toContainText(`Solo Perfect ${tag}`);
  await expect(cards.nth(1)).toContainText('5.0');
  await page.getByLabel('Sort by').selectOption({ label: 'Name A–Z' });
  await expect(page.getByText(/Highest rated counts every tutor/)).toHaveCount(0);
});

test('load failures show the spec messages', async ({ page }) => {
  const student = await createStudent(page.request);
  await logInAs(page, student);
  await page.route('**/api/tutors?*', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'Something went wrong' } } }),
  );
  // Opened from another page, the list asks the API (a page opened anew carries its first answers).
  await page.goto('/user/dashboard');
  await page.getByRole('link', { name: 'Tutors', exact: true }).first().click();
  await expect(page.getByText('Failed to load tutors')).toBeVisible();

  await logInAs(page, admin);
  await page.route('**/api/admin/tutors?*', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'Something went wrong' } } }),
  );
  await page.goto('/admin/teacher-profile-managment');
  await expect(page.getByText('Failed To Fetch Tutors Record')).toBeVisible();
});

test('a student edits a pending submission and deletes it', async ({ page }) => {
  const student = await createStudent(page.request);
  await logInAs(page, student);
  const name = `Pending Person ${suffix()}`;
  const created = await page.request.post('/api/tutors', {
    data: { name, department: 'Law', biography: 'Contract law seminars.', courses: [] },
  });
  expect(created.status()).toBe(201);

  await page.goto('/user/mytutors');
  const item = page.getByRole('listitem').filter({ hasText: name });
  await item.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Biography')).toHaveValue('Contract law seminars.');
  await page.getByLabel('Biography').fill('Contract and tort law seminars.');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Submitted SuccessFully')).toBeVisible();
  await expect(page).toHaveURL(/\/user\/mytutors$/);

  await page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /delete/i })
    .click();
  await expect(page.getByText('Deleted Successfully')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
});

test('an admin edits a profile through the prefilled form', async ({ page, browser }) => {
  await logInAs(page, admin);
  const name = `Editable Tutor ${suffix()}`;
  const tutorId = await publishTutor(browser, { name, department: 'Music', courses: ['MUS101 Harmony'] });

  await page.goto(`/admin/teacher/fullprofile/${tutorId}`);
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Course 1')).toHaveValue('MUS101 Harmony');
  await page.getByLabel('Department').fill('Music and Sound');
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/teacher/fullprofile/${tutorId}$`));
  await expect(page.getByText('MUSIC AND SOUND')).toBeVisible();
});
