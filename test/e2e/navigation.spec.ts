import type { Response } from '@playwright/test';
import { COMPILE_HINT } from '../../tools/build/compile-hints';
import { admin, createStudent, expect, logInAs, publishTutor, suffix, test } from './fixtures';

test.describe('route guards', () => {
  test('a logged-out visitor is sent from /user/ to / and from /admin/ to /login', async ({ page }) => {
    await page.goto('/user/');
    await expect(page).toHaveURL('/');
    await page.goto('/admin/');
    await expect(page).toHaveURL('/login');
  });

  test('a student is sent away from /admin to /', async ({ page, request }) => {
    const student = await createStudent(request);
    await logInAs(page, student);
    await page.goto('/admin');
    await expect(page).toHaveURL('/');
  });

  test('the six-asterisk name grants nothing', async ({ page, request }) => {
    const pretender = await createStudent(request, { name: '******' });
    await logInAs(page, pretender);
    await page.goto('/admin');
    await expect(page).toHaveURL('/');
  });
});

test.describe('layouts', () => {
  test('the user area has its navigation and footer links', async ({ page, request }) => {
    await logInAs(page, await createStudent(request));
    await page.goto('/user/dashboard');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    await expect(footer.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    for (const name of ['Contact', 'Privacy Policy', 'Terms of Service']) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', '/user');
    }
    await footer.getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { name: 'About Tutorly' })).toBeVisible();
  });

  test('the admin panel has a Help link and collapses into a menu on small screens', async ({ page }) => {
    await logInAs(page, admin);
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/admin');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'Help' })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/');
  });
});

test.describe('the first page the browser opens', () => {
  test('is drawn before what it shows beside its content is asked for: the language select and the unread count', async ({
    page,
    request,
  }) => {
    await logInAs(page, await createStudent(request));
    await page.goto('/user/tutors');
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Notifications/ })).toBeVisible();
    const { contentPaint, asked } = await page.evaluate(async () => {
      // The largest paints the page reported, as the browser keeps them: the first inside <main> is its content's.
      const paints = await new Promise<PerformanceEntry[]>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect();
          resolve(list.getEntries());
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const inMain = paints.find((paint) =>
        (paint as PerformanceEntry & { element: Element | null }).element?.closest('main'),
      );
      const askedAt = (part: string) =>
        performance.getEntriesByType('resource').find((entry) => entry.name.includes(part))?.startTime ?? null;
      return {
        contentPaint: inMain?.startTime ?? null,
        asked: [askedAt('/api/notifications/unread-count'), askedAt('/assets/account-language-select-')],
      };
    });
    expect(contentPaint).not.toBeNull();
    for (const startTime of asked) {
      expect(startTime).not.toBeNull();
      expect(startTime!).toBeGreaterThanOrEqual(contentPaint!);
    }
  });

  test('has every script it runs compiled while it downloads: each starts with the compile hint', async ({
    page,
    request,
  }) => {
    // The app's built scripts, each with its first line (public/intl-warm-up.js is a single expression).
    const scripts: Promise<[string, string]>[] = [];
    const readFirstLine = (response: Response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/') && response.request().resourceType() === 'script')
        scripts.push(response.text().then((body) => [response.url(), body.split('\n', 1)[0]!]));
    };
    page.on('response', readFirstLine);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await logInAs(page, await createStudent(request));
    await page.goto('/user/tutors');
    await expect(page.getByRole('heading', { name: 'Tutors', level: 1 })).toBeVisible();
    // The scripts a page loads after its heading shows count too; every one is read before the test ends.
    await page.waitForLoadState('networkidle');
    page.off('response', readFirstLine);
    const firstLines = await Promise.all(scripts);
    expect(firstLines.length).toBeGreaterThan(5);
    for (const [url, firstLine] of firstLines) expect(firstLine, url).toBe(COMPILE_HINT);
  });

  test('comes with its first answers: a tutor profile asks the API for none of them, and the next page asks afresh', async ({
    page,
    browser,
    request,
  }) => {
    const name = `Grace Answered ${suffix()}`;
    const tutorId = await publishTutor(browser, { name, department: 'Computing' });
    await logInAs(page, await createStudent(request));
    const asked: string[] = [];
    page.on('request', (sent) => {
      const { pathname, search } = new URL(sent.url());
      if (pathname.startsWith('/api/')) asked.push(pathname + search);
    });

    await page.goto(`/user/tutorprofile/${tutorId}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('No reviews yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Claim this profile' })).toBeVisible();
    for (const carried of [
      '/api/session',
      '/api/settings',
      `/api/tutors/${tutorId}`,
      `/api/tutors/${tutorId}/reviews?page=1`,
      `/api/reviews/mine?tutorId=${tutorId}&pageSize=1`,
      // Shown beside the profile's data (the claim button of a public profile): in its first render too.
      '/api/tutors/claims/mine',
    ])
      expect(asked).not.toContain(carried);

    // Pages the app opens afterwards ask the API, the list's answers included.
    await page.getByRole('link', { name: 'Tutors', exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Tutors', level: 1 })).toBeVisible();
    await expect.poll(() => asked.filter((url) => url.startsWith('/api/tutors?'))).toHaveLength(1);
  });

  test('loads React, the router and TanStack Query in the two library files every app page shares', async ({
    page,
    request,
  }) => {
    const scripts: string[] = [];
    page.on('request', (sent) => {
      const { pathname } = new URL(sent.url());
      if (pathname.startsWith('/assets/') && sent.resourceType() === 'script') scripts.push(pathname);
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await logInAs(page, await createStudent(request));
    scripts.length = 0;
    await page.goto('/user/tutors');
    await expect(page.getByRole('heading', { name: 'Tutors', level: 1 })).toBeVisible();

    // Each a request before the first paint: split by the modules sharing them, they came in four
    // or five files more (a round trip each on a phone's connection).
    expect(scripts.filter((script) => /^\/assets\/react-[\w-]+\.js$/.test(script))).toHaveLength(1);
    expect(scripts.filter((script) => /^\/assets\/app-libraries-[\w-]+\.js$/.test(script))).toHaveLength(1);
    expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(9);
  });
});

test.describe('fallbacks', () => {
  test('an unknown route shows Page Not Found and the back button returns', async ({ page }) => {
    await page.goto('/');
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Welcome to Tutorly' })).toBeVisible();
  });

  test('a route that fails shows the application error with its status', async ({ page }) => {
    await page.route('**/api/session', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'service_unavailable', message: 'Database is down' } }),
      }),
    );
    await page.goto('/user/');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByText('Database is down')).toBeVisible();
  });
});
