/**
 * README screenshots: drives Chromium (/usr/bin/chromium, or CHROMIUM_PATH) through the
 * student's and the administrator's views of a running, demo-seeded site.
 *
 *   BASE_URL=http://127.0.0.1:3000 ADMIN_EMAIL=… ADMIN_PASSWORD=… STUDENT_EMAIL=… STUDENT_PASSWORD=… \
 *     npx tsx tools/screenshots.ts
 *
 * Writes PNG files to docs/screenshots/.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';

const baseURL = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const outDir = path.resolve('docs/screenshots');

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

async function signedInPage(
  browser: Browser,
  credentials: { email: string; password: string } | null,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  if (credentials) {
    const response = await page.request.post('/api/auth/login', { data: credentials });
    if (response.status() !== 200) throw new Error(`login failed for ${credentials.email}: ${response.status()}`);
  }
  return page;
}

async function shoot(page: Page, url: string, file: string, ready: (page: Page) => Promise<void>): Promise<void> {
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(outDir, file) });
  console.log(`docs/screenshots/${file}`);
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();

async function main() {
  await mkdir(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  try {
    const desktop = { width: 1280, height: 800 };
    const visitor = await signedInPage(browser, null, desktop);
    await shoot(visitor, '/', 'landing.png', heading);

    const student = { email: required('STUDENT_EMAIL'), password: required('STUDENT_PASSWORD') };
    const studentPage = await signedInPage(browser, student, desktop);
    await shoot(studentPage, '/user/tutors', 'student-tutors.png', (page) =>
      page.getByRole('article').first().waitFor(),
    );
    const firstTutor = await studentPage.getByRole('link', { name: 'View Tutor Profile' }).first().getAttribute('href');
    await shoot(studentPage, firstTutor!, 'student-tutor-profile.png', heading);
    await shoot(studentPage, '/user/allreviews', 'student-all-reviews.png', (page) =>
      page.getByRole('status').filter({ hasText: 'Showing' }).waitFor(),
    );

    const phonePage = await signedInPage(browser, student, { width: 360, height: 740 });
    await shoot(phonePage, '/user/tutors', 'student-tutors-phone.png', (page) =>
      page.getByRole('article').first().waitFor(),
    );

    const admin = { email: required('ADMIN_EMAIL'), password: required('ADMIN_PASSWORD') };
    const adminPage = await signedInPage(browser, admin, desktop);
    await shoot(adminPage, '/admin', 'admin-dashboard.png', heading);
    // The dense tables: their first row of data, after the header row.
    const firstRow = (page: Page) => page.getByRole('row').nth(1).waitFor();
    await shoot(adminPage, '/admin/review-managment', 'admin-review-management.png', firstRow);
    await shoot(adminPage, '/admin/users', 'admin-users.png', firstRow);
  } finally {
    await browser.close();
  }
}

await main();
