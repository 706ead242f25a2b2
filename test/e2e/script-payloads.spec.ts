import { randomUUID } from 'node:crypto';
import type { APIRequestContext, APIResponse, Browser, Page } from '@playwright/test';
import { admin, createStudent, expect, logInAs, publishTutor, type StudentCredentials, test } from './fixtures';

// Everything people type is shown back as text: names, departments, biographies, courses, review
// titles and bodies, moderators' reasons. Each field here carries script or markup that would
// run, or add elements, if any page put it into the document as HTML.

const tag = randomUUID().slice(0, 6);

const payloads = {
  studentName: `<img src=x onerror="window.__xss=1">Student ${tag}`,
  tutorName: `<script>window.__xss=1</script>Tutor ${tag}`,
  department: `"><svg onload=window.__xss=1>Dept ${tag}`,
  biography: `<iframe src="javascript:window.__xss=1"></iframe> <a href="javascript:window.__xss=1">javascript:window.__xss=1</a> Bio ${tag}`,
  courses: [`<img src=x onerror=window.__xss=1>Course ${tag}`, `javascript:window.__xss=1 ${tag}`],
  rejectedTutorName: `<body onload=window.__xss=1>Rejected ${tag}`,
  rejectionReason: `<img src=x onerror="window.__xss=1">Reason ${tag}`,
  pendingTutorName: `<svg><script>window.__xss=1</script></svg>Pending ${tag}`,
  publishedTutorName: `'><img src=x onerror=window.__xss=1>Published ${tag}`,
  reviewTitle: `<b onmouseover="window.__xss=1">Title</b> ${tag}`,
  reviewBody: `<script>window.__xss=1</script><img src=x onerror="window.__xss=1"> &lt;still text&gt; ${tag}`,
  hiddenReviewTitle: `<style>*{display:none}</style>Hidden ${tag}`,
  hideReason: `<a href="javascript:window.__xss=1">Hide reason</a> ${tag}`,
  reportDetails: `<marquee onstart=window.__xss=1>Report ${tag}</marquee>`,
};

interface PayloadWorld {
  student: StudentCredentials;
  tutorId: string;
  reviewId: string;
  pendingTutorId: string;
  /** Every tutor made here, removed afterwards so later tests find the submissions queue as they left it. */
  tutorIds: string[];
}

let world: PayloadWorld;

async function signedInRequest(
  browser: Browser,
  credentials: { email: string; password: string },
): Promise<APIRequestContext> {
  const page = await (await browser.newContext()).newPage();
  await logInAs(page, credentials);
  return page.request;
}

/** The parts of the API's answers this test reads: the tutor or review a POST created. */
interface CreatedAnswer {
  tutor: { id: string };
  review: { id: string };
}

async function ok(response: Promise<APIResponse>, status = 200): Promise<CreatedAnswer> {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(status);
  return answer.status() === 204 ? ({} as CreatedAnswer) : (answer.json() as Promise<CreatedAnswer>);
}

/**
 * Through the API, as a student and the admin would through the forms: a student named with a
 * payload submits tutors (one approved, one rejected, one left pending), follows the tutor's
 * department, reviews two tutors (one review is hidden) and gets reported.
 */
async function createPayloadWorld(browser: Browser): Promise<PayloadWorld> {
  const studentPage = await (await browser.newContext()).newPage();
  const student = await createStudent(studentPage.request, { name: payloads.studentName });
  await logInAs(studentPage, student);
  const asStudent = studentPage.request;
  const asAdmin = await signedInRequest(browser, admin);

  const submit = (name: string) =>
    ok(
      asStudent.post('/api/tutors', {
        data: { name, department: payloads.department, biography: payloads.biography, courses: payloads.courses },
      }),
      201,
    );
  const { tutor } = await submit(payloads.tutorName);
  await ok(asStudent.put('/api/notifications/departments', { data: { departments: [payloads.department] } }));
  await ok(asAdmin.post(`/api/admin/tutors/${tutor.id}/approve`));
  const { tutor: rejected } = await submit(payloads.rejectedTutorName);
  await ok(asAdmin.post(`/api/admin/tutors/${rejected.id}/reject`, { data: { reason: payloads.rejectionReason } }));
  const { tutor: pending } = await submit(payloads.pendingTutorName);
  // A tutor published in the followed department reaches the student as a notification.
  const publishedId = await publishTutor(browser, {
    name: payloads.publishedTutorName,
    department: payloads.department,
  });

  const hiddenReview = await ok(
    asStudent.post('/api/reviews', {
      data: { tutorId: publishedId, title: payloads.hiddenReviewTitle, body: payloads.reviewBody, rating: 2 },
    }),
    201,
  );
  await ok(
    asAdmin.post(`/api/admin/reviews/${hiddenReview.review.id}/hide`, { data: { reason: payloads.hideReason } }),
  );
  const { review } = await ok(
    asStudent.post('/api/reviews', {
      // Signed, so the author's name (a payload too) shows on the review.
      data: { tutorId: tutor.id, title: payloads.reviewTitle, body: payloads.reviewBody, rating: 4, showName: true },
    }),
    201,
  );

  const reader = await createStudent((await (await browser.newContext()).newPage()).request, {
    name: `Careful Reader ${tag}`,
  });
  await ok(
    (await signedInRequest(browser, reader)).post(`/api/reviews/${review.id}/reports`, {
      data: { reason: 'other', details: payloads.reportDetails },
    }),
    204,
  );
  return {
    student,
    tutorId: tutor.id,
    reviewId: review.id,
    pendingTutorId: pending.id,
    tutorIds: [tutor.id, rejected.id, pending.id, publishedId],
  };
}

/** Records what would show that a payload ran: dialogs, and anything the Content Security Policy had to block. */
async function watchForScripts(page: Page): Promise<{ dialogs: string[] }> {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: violations });
    document.addEventListener('securitypolicyviolation', (event) => {
      // The trace recorder's own fetch of blob: previews (see fixtures.ts): not the page's.
      if (event.effectiveDirective === 'connect-src' && event.blockedURI.startsWith('blob')) return;
      violations.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}: ${event.sample}`,
      );
    });
  });
  return { dialogs };
}

/**
 * The page shows each text literally, and holds nothing a payload would have added: no script
 * ran (window.__xss), no element came from the markup, no inline handler or javascript: link
 * exists, and the CSP blocked nothing (it is the second line of defence, not the first).
 */
async function expectInert(
  page: Page,
  path: string,
  texts: string[],
  watch: { dialogs: string[] },
  /** What a reader does to see the texts once the page is open (e.g. opening rows). */
  reveal?: (page: Page) => Promise<void>,
): Promise<void> {
  await page.goto(path);
  await reveal?.(page);
  for (const text of texts)
    await expect(page.getByText(text).filter({ visible: true }).first(), `"${text}" as text on ${path}`).toBeVisible();
  const found = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    injectedElements: [
      ...document.querySelectorAll(
        'img[src="x"], script:not([src]), iframe, marquee, body style, body body, b[onmouseover]',
      ),
    ].map((element) => element.outerHTML),
    inlineHandlers: [...document.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes]
        .filter((attribute) => attribute.name.startsWith('on'))
        .map((attribute) => `<${element.tagName.toLowerCase()} ${attribute.name}>`),
    ),
    javascriptUrls: [...document.querySelectorAll('[href], [src]')]
      .map((element) => element.getAttribute('href') ?? element.getAttribute('src') ?? '')
      .filter((url) => /^\s*javascript:/i.test(url)),
    cspViolations: (window as unknown as { __cspViolations: string[] }).__cspViolations,
  }));
  expect(found, `what the payloads left on ${path}`).toEqual({
    xss: undefined,
    injectedElements: [],
    inlineHandlers: [],
    javascriptUrls: [],
    cspViolations: [],
  });
  expect(watch.dialogs, `dialogs on ${path}`).toEqual([]);
}

// Site-wide: the pages read show the latest reviews, actions and submissions of anyone, which other tests would push off them.
test.describe('text with script and HTML payloads renders inert', { tag: '@site-wide' }, () => {
  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(60_000);
    world = await createPayloadWorld(browser);
  });

  test.afterAll(async ({ browser }) => {
    if (!world) return;
    const asAdmin = await signedInRequest(browser, admin);
    for (const tutorId of world.tutorIds) await ok(asAdmin.delete(`/api/admin/tutors/${tutorId}`), 204);
  });

  test('on the student pages', async ({ page }) => {
    test.setTimeout(90_000);
    const watch = await watchForScripts(page);
    await logInAs(page, world.student);

    await expectInert(page, '/user/dashboard', [payloads.studentName, payloads.reviewTitle, payloads.tutorName], watch);
    await expectInert(
      page,
      `/user/tutors?q=${tag}`,
      [payloads.tutorName, payloads.publishedTutorName, payloads.department],
      watch,
    );
    await expectInert(
      page,
      `/user/tutorprofile/${world.tutorId}`,
      [
        payloads.tutorName,
        payloads.department,
        payloads.biography,
        ...payloads.courses,
        payloads.reviewTitle,
        payloads.reviewBody,
        payloads.studentName,
      ],
      watch,
    );
    await expectInert(
      page,
      '/user/allreviews',
      [payloads.reviewTitle, payloads.reviewBody, payloads.tutorName, payloads.studentName],
      watch,
    );
    await expectInert(
      page,
      '/user/myreviews',
      [payloads.reviewTitle, payloads.hiddenReviewTitle, payloads.reviewBody, payloads.hideReason],
      watch,
    );
    await expectInert(
      page,
      '/user/mytutors',
      [payloads.tutorName, payloads.rejectedTutorName, payloads.pendingTutorName, payloads.rejectionReason],
      watch,
    );
    await expectInert(
      page,
      '/user/notifications',
      [
        payloads.tutorName,
        payloads.rejectedTutorName,
        payloads.rejectionReason,
        payloads.publishedTutorName,
        payloads.department,
        payloads.hiddenReviewTitle,
        payloads.hideReason,
      ],
      watch,
    );
    await expectInert(page, '/user/profile', [payloads.studentName], watch);
    await expectInert(page, `/user/statistics`, [], watch);

    // In the edit forms the payloads are values of the fields, unchanged.
    await page.goto(`/user/SubmitReview/${world.reviewId}`);
    await expect(page.getByLabel('Title')).toHaveValue(payloads.reviewTitle);
    await expect(page.getByRole('textbox', { name: 'Review', exact: true })).toHaveValue(payloads.reviewBody);
    await expectInert(page, `/user/SubmitReview/${world.reviewId}`, [payloads.tutorName], watch);
    await page.goto(`/user/tutorform/${world.pendingTutorId}`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(payloads.pendingTutorName);
    await expect(page.getByLabel('Biography')).toHaveValue(payloads.biography);
    await expectInert(page, `/user/tutorform/${world.pendingTutorId}`, [], watch);
  });

  test('on the admin pages', async ({ page }) => {
    test.setTimeout(90_000);
    const watch = await watchForScripts(page);
    await logInAs(page, admin);

    await expectInert(page, '/admin', [payloads.tutorName, payloads.rejectedTutorName], watch);
    await expectInert(page, `/admin/users?q=${tag}`, [payloads.studentName], watch);
    await expectInert(
      page,
      `/admin/review-managment?q=${tag}`,
      [
        payloads.reviewTitle,
        payloads.reviewBody,
        payloads.hiddenReviewTitle,
        payloads.hideReason,
        payloads.reportDetails,
        payloads.studentName,
        payloads.tutorName,
      ],
      watch,
      // A review's text, hiding reason and reports show once its title opens them.
      async (p) => {
        const titles = p
          .getByRole('table', { name: 'Reviews' })
          .locator('button[aria-expanded="false"]:not([aria-haspopup])');
        await expect(titles.first()).toBeVisible();
        // Each opened title leaves the set: open the first closed one until none is left.
        for (let left = await titles.count(); left > 0; left--) {
          await titles.first().click();
          await expect(titles).toHaveCount(left - 1);
        }
      },
    );
    // The queue is oldest first: this run's submission is on its last page.
    const queue = await (await page.request.get('/api/admin/tutors?status=pending&sort=oldest')).json();
    const lastPage = Math.max(1, Math.ceil(queue.total / queue.pageSize));
    await expectInert(
      page,
      `/admin/managesubmissions?page=${lastPage}`,
      [payloads.pendingTutorName, payloads.biography, payloads.department, payloads.studentName],
      watch,
    );
    await expectInert(
      page,
      `/admin/teacher-profile-managment?q=${tag}`,
      [payloads.tutorName, payloads.rejectedTutorName, payloads.pendingTutorName, payloads.publishedTutorName],
      watch,
    );
    await expectInert(
      page,
      `/admin/teacher/fullprofile/${world.tutorId}`,
      [payloads.tutorName, payloads.department, payloads.biography, ...payloads.courses, payloads.reviewTitle],
      watch,
    );
    await page.goto(`/admin/teacher-form/${world.tutorId}`);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(payloads.tutorName);
    await expectInert(page, `/admin/teacher-form/${world.tutorId}`, [], watch);
  });
});
