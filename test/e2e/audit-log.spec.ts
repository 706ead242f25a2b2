import { readFile } from 'node:fs/promises';
import { accessibilityViolations } from './axe';
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

test('the audit log filtered by person and kind of action, and exported as CSV', async ({ page, browser }) => {
  const id = suffix();
  const tutorId = await publishTutor(browser, { name: `Logged Tutor ${id}`, department: 'Botany' });
  const { page: studentPage } = await studentSession(browser);
  const title = `Logged review ${id}`;
  const reviewId = await reviewThroughApi(studentPage.request, tutorId, { title, rating: 1 });
  await studentPage.context().close();

  await logInAs(page, admin);
  const session = await (await page.request.get('/api/session')).json();
  const adminName: string = session.account.name;
  // A reason a spreadsheet would run as a formula, with a comma and quotes to quote.
  const reason = `=HYPERLINK("http://evil.example"), said ${id}`;
  const hidden = await page.request.post(`/api/admin/reviews/${reviewId}/hide`, { data: { reason } });
  expect(hidden.status()).toBe(200);

  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 1 })).toBeVisible();

  await page.getByLabel('Person').selectOption({ label: adminName });
  await page.getByLabel('Kind of action').selectOption({ label: 'Hid a review' });
  await expect(page).toHaveURL(/actorId=[0-9a-f-]{36}/);
  await expect(page).toHaveURL(/action=review_hidden/);
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  const row = rows.filter({ hasText: `said ${id}` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(adminName);
  await expect(row).toContainText('hid a review');
  await expect(row.getByRole('link', { name: title })).toHaveAttribute('href', `/admin/teacher/fullprofile/${tutorId}`);
  for (const text of await rows.allInnerTexts()) expect(text).toContain('hid a review');

  // A kind of action nobody took today leaves the table empty.
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From').fill(today);
  await expect(page).toHaveURL(new RegExp(`from=${today}`));
  await expect(row).toHaveCount(1);
  expect(await accessibilityViolations(page)).toEqual([]);

  // The export is the filtered view: every matching entry, quoted and neutralised.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tutorly-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv.split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('When,Who,Action,Record type,Record,Record id,Reason');
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(line).toContain(',hid a review,review,');
  expect(lines).toContainEqual(
    expect.stringContaining(`,${reviewId},"'=HYPERLINK(""http://evil.example""), said ${id}"`),
  );

  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page, 'the audit log');
  await expect(row).toBeVisible();
});
