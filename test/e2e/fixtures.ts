import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { type APIRequestContext, type Browser, expect, type Page, test as base } from '@playwright/test';
import sharp from 'sharp';
import { e2eServer } from './e2e-server';
import { readMails, type ReceivedMail } from '../helpers/mail';

export const outboxDir = path.join(e2eServer.dataDir, 'outbox');

export interface StudentCredentials {
  name: string;
  email: string;
  password: string;
}

export function newStudent(overrides: Partial<StudentCredentials> = {}): StudentCredentials {
  const id = randomUUID().slice(0, 8);
  return { name: `Student ${id}`, email: `student-${id}@uni.test`, password: 'correct-horse-battery', ...overrides };
}

/**
 * Waits for the newest mail to an address to land in the server's outbox folder; with
 * `linkPath`, the newest one whose link leads there (mails sent after an answer arrive later).
 */
export async function latestMailTo(email: string, outbox = outboxDir, linkPath?: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(async () => {
      found = (await readMails(outbox))
        .filter((mail) => mail.to === email && (!linkPath || (mail.link && new URL(mail.link).pathname === linkPath)))
        .at(-1);
      return found?.link;
    })
    .toBeTruthy();
  return found!;
}

/**
 * Creates an account through the API (not the UI), verified unless told otherwise; on another
 * instance than the main one, pass that instance's outbox folder.
 */
export async function createStudent(
  request: APIRequestContext,
  options: { verified?: boolean; outbox?: string } & Partial<StudentCredentials> = {},
): Promise<StudentCredentials> {
  const student = newStudent(options);
  const signup = await request.post('/api/auth/signup', {
    data: { name: student.name, email: student.email, password: student.password },
  });
  expect(signup.status()).toBe(201);
  if (options.verified ?? true) {
    const link = new URL((await latestMailTo(student.email, options.outbox)).link!);
    const verify = await request.post('/api/auth/verify-email', {
      data: { userId: link.searchParams.get('userId'), secret: link.searchParams.get('secret') },
    });
    expect(verify.status()).toBe(200);
  }
  return student;
}

/**
 * Logs the page's browser context in through the API; only the login tests click through the
 * form. An account that has a second factor step to take (the administrator, who must use one)
 * takes it as a person would, through the API (passSecondFactor).
 */
export async function logInAs(page: Page, credentials: { email: string; password: string }): Promise<void> {
  await logInThrough(page.request, credentials);
}

type SignIn = { account: { id: string }; secondFactorStep: 'verify' | 'enrol' | null };

async function signIn(request: APIRequestContext, credentials: { email: string; password: string }): Promise<SignIn> {
  const response = await request.post('/api/auth/login', {
    data: { email: credentials.email, password: credentials.password },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as SignIn;
}

async function logInThrough(request: APIRequestContext, credentials: { email: string; password: string }) {
  let session = await signIn(request, credentials);
  if (!session.secondFactorStep) return session;
  return withRecoveryCodes(async () => {
    // Another worker set the app up since this sign-in asked for it: sign in again, to the step it has now.
    if (session.secondFactorStep === 'enrol' && (await readRecoveryCodes())[session.account.id])
      session = await signIn(request, credentials);
    await passSecondFactor(request, credentials, session);
    return session;
  });
}

/**
 * Where the recovery codes of the accounts the fixtures gave a second factor wait, by account id
 * (a fresh data folder makes new accounts, so codes of an earlier run are never tried).
 */
const RECOVERY_CODES_FILE = path.resolve('.cache/e2e-recovery-codes.json');

async function readRecoveryCodes(): Promise<Record<string, string[]>> {
  try {
    return JSON.parse(await readFile(RECOVERY_CODES_FILE, 'utf8')) as Record<string, string[]>;
  } catch {
    return {};
  }
}

async function writeRecoveryCodes(codes: Record<string, string[]>): Promise<void> {
  await mkdir(path.dirname(RECOVERY_CODES_FILE), { recursive: true });
  await writeFile(RECOVERY_CODES_FILE, JSON.stringify(codes));
}

const RECOVERY_CODES_LOCK = `${RECOVERY_CODES_FILE}.lock`;

/**
 * Runs `use` while no other worker reads or spends the recovery codes: the workers share the
 * administrator, and two taking the same code, or one renewing the codes (which ends the old
 * ones) while another holds one, would fail a sign-in. A lock left by a worker that died is
 * taken over after half a minute.
 */
async function withRecoveryCodes<T>(use: () => Promise<T>): Promise<T> {
  await mkdir(path.dirname(RECOVERY_CODES_LOCK), { recursive: true });
  for (;;) {
    try {
      await mkdir(RECOVERY_CODES_LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const since = await stat(RECOVERY_CODES_LOCK).then(
        (lock) => Date.now() - lock.mtimeMs,
        () => 0,
      );
      if (since > 30_000) await rm(RECOVERY_CODES_LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  try {
    return await use();
  } finally {
    await rm(RECOVERY_CODES_LOCK, { recursive: true, force: true });
  }
}

/**
 * The sign-in's second step through the API: an account that must set one up adds an
 * authenticator app (its code computed from the secret, as the app would) and keeps the recovery
 * codes; one that has a factor spends a recovery code, and makes new ones when few are left. No
 * test waits for an app's next code, and every step is the real one. Only ever called inside
 * withRecoveryCodes.
 */
async function passSecondFactor(
  request: APIRequestContext,
  credentials: { password: string },
  session: { account: { id: string }; secondFactorStep: 'verify' | 'enrol' | null },
): Promise<void> {
  if (!session.secondFactorStep) return;
  const pools = await readRecoveryCodes();
  const id = session.account.id;
  if (session.secondFactorStep === 'enrol') {
    const started = await request.post('/api/second-factor/totp/start');
    expect(started.status()).toBe(200);
    const { secret } = (await started.json()) as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    const confirmed = await request.post('/api/second-factor/totp', { data: { code, label: 'E2E authenticator' } });
    expect(confirmed.status()).toBe(201);
    pools[id] = ((await confirmed.json()) as { recoveryCodes: string[] }).recoveryCodes;
  } else {
    const codes = pools[id] ?? [];
    const code = codes.shift();
    if (!code) throw new Error('the fixtures hold no recovery code for this account');
    const verified = await request.post('/api/second-factor/verify', { data: { code } });
    expect(verified.status()).toBe(200);
    pools[id] = codes;
    if (codes.length < 3) {
      const renewed = await request.post('/api/second-factor/recovery-codes', {
        data: { currentPassword: credentials.password },
      });
      expect(renewed.status()).toBe(200);
      pools[id] = ((await renewed.json()) as { recoveryCodes: string[] }).recoveryCodes;
    }
  }
  await writeRecoveryCodes(pools);
}

/**
 * A recovery code for a test that signs in through the form: the account is signed in once
 * through `request` (which sets up its second factor if it must), and one of its codes is kept
 * back for the form.
 */
export async function recoveryCodeFor(
  request: APIRequestContext,
  credentials: { email: string; password: string },
): Promise<string> {
  const { account } = await logInThrough(request, credentials);
  return withRecoveryCodes(async () => {
    // From a fresh set: the code kept back stays good until other workers' sign-ins have spent
    // the rest and renewed them, far longer than the form takes.
    const renewed = await request.post('/api/second-factor/recovery-codes', {
      data: { currentPassword: credentials.password },
    });
    expect(renewed.status()).toBe(200);
    const [code, ...rest] = ((await renewed.json()) as { recoveryCodes: string[] }).recoveryCodes;
    const pools = await readRecoveryCodes();
    pools[account.id] = rest;
    await writeRecoveryCodes(pools);
    return code!;
  });
}

export const admin = { email: e2eServer.adminEmail, password: e2eServer.adminPassword };

export async function uploadPicture(request: APIRequestContext): Promise<string> {
  const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3b7' } })
    .png()
    .toBuffer();
  const response = await request.post('/api/uploads/images', {
    multipart: { file: { name: 'p.png', mimeType: 'image/png', buffer: picture } },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).image.key;
}

/** A public tutor made by the admin through the API, as fixtures for the pages under test. */
export async function publishTutor(
  browser: Browser,
  fields: { name: string; department: string; courses?: string[] },
): Promise<string> {
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await logInAs(adminPage, admin);
  const imageKey = await uploadPicture(adminPage.request);
  const response = await adminPage.request.post('/api/admin/tutors', {
    data: {
      name: fields.name,
      department: fields.department,
      biography: 'Office hours on Tuesdays.',
      courses: fields.courses ?? [],
      imageKey,
      isPublic: true,
    },
  });
  expect(response.status()).toBe(201);
  const { tutor } = await response.json();
  await adminContext.close();
  return tutor.id;
}

/** The page fits its window's width: nothing on it scrolls sideways (a phone's 360 px included). */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { overflow, outside } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The innermost elements reaching past either edge, so a failure names what to fix.
    const outside = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1) && element.childElementCount === 0;
      })
      .slice(0, 5)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const text = (element.textContent ?? '').trim().slice(0, 60);
        return `<${element.tagName.toLowerCase()} class="${element.getAttribute('class') ?? ''}"> ${Math.round(box.left)}–${Math.round(box.right)} px "${text}"`;
      });
    return { overflow: document.documentElement.scrollWidth - width, outside };
  });
  expect(overflow, `sideways overflow on ${where}: ${outside.join('; ')}`).toBeLessThanOrEqual(0);
}

/** A short random suffix that keeps a test's names apart from other runs' and tests'. */
export const suffix = () => randomUUID().slice(0, 6);

/** A verified student with a browser context of their own, signed in. */
export async function studentSession(
  browser: Browser,
  name?: string,
): Promise<{ page: Page; student: StudentCredentials }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const student = await createStudent(page.request, name ? { name } : {});
  await logInAs(page, student);
  return { page, student };
}

/** What a review posted through the API says; the text is filled in unless given. */
export interface ReviewThroughApi {
  title: string;
  rating: number;
  body?: string;
  showName?: boolean;
  course?: string | null;
  wouldTakeAgain?: boolean | null;
  tags?: string[];
}

/** A review the request's student posts through the API, as written before the test started; its id. */
export async function reviewThroughApi(
  request: APIRequestContext,
  tutorId: string,
  review: ReviewThroughApi,
): Promise<string> {
  const response = await request.post('/api/reviews', {
    data: { tutorId, body: 'Posted before the test started.', ...review },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).review.id;
}

/** Fails a test on any error the page logs or throws. */
export const test = base.extend<{ failOnPageErrors: void }>({
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // A refused API call logs a network error in Chromium; those are expected answers, not bugs.
        if (/Failed to load resource/.test(message.text())) return;
        // The trace recorder fetches blob: previews from inside the page to keep them in its
        // snapshots, and the page's connect-src 'self' refuses it: the recorder's request, not the app's.
        if (
          /^Connecting to 'blob:.*violates the following Content Security Policy directive: "connect-src/s.test(
            message.text(),
          )
        )
          return;
        errors.push(message.text());
      });
      await use();
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
