import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { accessibilityViolations } from './axe';
import { admin, createStudent, expect, expectNoSidewaysScroll, logInAs, publishTutor, suffix, test } from './fixtures';

async function studentRequest(browser: Browser, name: string): Promise<APIRequestContext> {
  const page = await (await browser.newContext()).newPage();
  await logInAs(page, await createStudent(page.request, { name }));
  return page.request;
}

async function review(request: APIRequestContext, tutorId: string, title: string): Promise<string> {
  const response = await request.post('/api/reviews', {
    data: { tutorId, title, body: 'Written for the moderation tables.', rating: 2 },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).review.id;
}

async function total(page: Page, url: string): Promise<number> {
  const response = await page.request.get(url);
  expect(response.status()).toBe(200);
  return (await response.json()).total;
}

// Site-wide: the first rows of the sorted table are those of all accounts, which other tests add to and use.
test(
  'Users at 1024 px: one line per account, the server sorts by a column, actions in an accessible row menu',
  { tag: '@site-wide' },
  async ({ page, browser }) => {
    // An account with a long address and two reviews, so it leads the "most reviews" order.
    const tutorId = await publishTutor(browser, { name: `Table Tutor ${suffix()}`, department: 'Logic' });
    const otherTutor = await publishTutor(browser, { name: `Table Tutor ${suffix()}`, department: 'Logic' });
    const name = `Prolific ${suffix()}`;
    const context = await browser.newContext();
    const prolificPage = await context.newPage();
    const prolific = await createStudent(prolificPage.request, {
      name,
      email: `a-rather-long-address-for-the-table-${suffix()}@students.uni.test`,
    });
    await logInAs(prolificPage, prolific);
    for (const id of [tutorId, otherTutor]) await review(prolificPage.request, id, `By ${name}`);
    await prolificPage.request.post('/api/tutors', {
      data: { name: `Suggested by ${name}`, department: 'Logic', biography: 'Suggested.', courses: [] },
    });

    await logInAs(page, admin);
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto('/admin/users');
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table).toBeVisible();
    await expectNoSidewaysScroll(page, '/admin/users');

    // Sorted by the server, over every page: the first row is the API's first for the same order.
    await table.getByRole('button', { name: 'Reviews' }).click();
    await expect(page).toHaveURL(/sort=reviews&dir=desc/);
    await expect(table.getByRole('columnheader', { name: 'Reviews' })).toHaveAttribute('aria-sort', 'descending');
    const most = (await (await page.request.get('/api/admin/users?sort=reviews&pageSize=1')).json()).items[0];
    await expect(table.getByRole('row').nth(1).getByRole('rowheader')).toContainText(most.name);
    await table.getByRole('button', { name: 'Reviews' }).click();
    await expect(table.getByRole('columnheader', { name: 'Reviews' })).toHaveAttribute('aria-sort', 'ascending');
    const fewest = (await (await page.request.get('/api/admin/users?sort=reviews&dir=asc&pageSize=1')).json()).items[0];
    await expect(table.getByRole('row').nth(1).getByRole('rowheader')).toContainText(fewest.name);
    await table.getByRole('button', { name: 'Last active' }).click();
    await expect(table.getByRole('columnheader', { name: 'Last active' })).toHaveAttribute('aria-sort', 'descending');
    // The admin looking is the latest active.
    await expect(table.getByRole('row').nth(1).getByRole('rowheader')).toContainText('E2E Admin');

    await page.getByRole('searchbox', { name: 'Search users' }).fill(name);
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toHaveCount(1);
    // One line: the long address is cut with an ellipsis, whole on hover (its title).
    const email = row.getByRole('link', { name: prolific.email });
    await expect(email).toHaveAttribute('title', prolific.email);
    expect(await email.evaluate((link) => link.scrollWidth > link.clientWidth)).toBe(true);
    const height = (await row.boundingBox())!.height;
    expect(height).toBeLessThan(60);
    // No red Delete on the row; the actions are behind its menu.
    await expect(row.getByRole('button', { name: /Delete/ })).toHaveCount(0);

    // The menu by keyboard: opens on Enter with the first item focused, arrows move, Escape closes back to its button.
    const menuButton = row.getByRole('button', { name: `Actions for ${name}` });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `Actions for ${name}` });
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(menuButton).toBeFocused();
    expect(await accessibilityViolations(page), 'accessibility violations on the users table').toEqual([]);

    // Delete says what becomes of the reviews and the submitted tutors; Cancel keeps everything.
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: `Delete ${name}?` });
    await expect(dialog).toContainText('Its 2 reviews, hidden ones included, will be deleted');
    await expect(dialog).toContainText('The tutor it submitted will stay, shown as submitted by a deleted account.');
    expect(await accessibilityViolations(page), 'accessibility violations in the delete dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(menuButton).toBeFocused();
    await context.close();
  },
);

// Site-wide: the tabs count every reported and hidden review, which other tests add and settle.
test(
  'Review Management at 1024 px: tabs with counts, bulk hide with an Undo that shows the reviews again, bulk dismiss',
  { tag: '@site-wide' },
  async ({ page, browser }) => {
    // Many requests on a shared machine: more time than the default.
    test.setTimeout(60_000);
    const tutorId = await publishTutor(browser, { name: `Moderated Tutor ${suffix()}`, department: 'Ethics' });
    const tag = `Bulk ${suffix()}`;
    const ids: string[] = [];
    for (const author of ['Bulk Author One', 'Bulk Author Two']) {
      ids.push(await review(await studentRequest(browser, author), tutorId, `${tag} by ${author}`));
    }
    const reporter = await studentRequest(browser, 'Bulk Reporter');
    for (const id of ids)
      expect((await reporter.post(`/api/reviews/${id}/reports`, { data: { reason: 'spam' } })).status()).toBe(204);

    await logInAs(page, admin);
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.goto('/admin');
    // The dashboard leads to the reported queue, with the count the API gives.
    const reportedCount = await total(page, '/api/admin/reviews?reported=true&pageSize=1');
    const waiting = page.getByRole('main').getByRole('link', { name: 'Reported reviews' });
    await expect(waiting).toHaveAttribute('href', '/admin/review-managment?tab=reported');
    await waiting.click();

    const tabs = page.getByRole('navigation', { name: 'Review queues' });
    await expect(tabs.getByRole('link', { name: 'Reported' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Reported' })).toContainText(String(reportedCount));
    const hiddenBefore = await total(page, '/api/admin/reviews?hidden=true&pageSize=1');
    await expect(tabs.getByRole('link', { name: 'Hidden' })).toContainText(String(hiddenBefore));
    await expect(tabs.getByRole('link', { name: 'All' })).toContainText(
      String(await total(page, '/api/admin/reviews?pageSize=1')),
    );

    await page.getByRole('searchbox', { name: 'Search reviews' }).fill(tag);
    const rows = page.getByRole('table', { name: 'Reviews' }).getByRole('row').filter({ hasText: tag });
    await expect(rows).toHaveCount(2);
    await expectNoSidewaysScroll(page, '/admin/review-managment');
    await page.getByRole('checkbox', { name: 'Select every review on this page' }).check();
    const bulk = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bulk).toContainText('2 selected');
    await bulk.getByRole('button', { name: 'Hide selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hide 2 reviews' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Advertising, not a review.');
    await dialog.getByRole('button', { name: 'Hide reviews' }).click();
    await expect(page.getByText('2 reviews hidden')).toBeVisible();
    // Hiding settles the reports: they leave the Reported tab, and the Hidden tab counts them.
    await expect(rows).toHaveCount(0);
    // With the search in force the tabs count its reviews: these two, whatever other tests hid before.
    await expect(tabs.getByRole('link', { name: 'Hidden' })).toHaveText(/^Hidden\s*2$/);
    const hidden = (await (await page.request.get(`/api/admin/reviews?q=${encodeURIComponent(tag)}`)).json()).items;
    expect(hidden.map((item: { isHidden: boolean }) => item.isHidden)).toEqual([true, true]);

    // Undo shows them again, through the server.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('2 reviews visible again')).toBeVisible();
    const after = (await (await page.request.get(`/api/admin/reviews?q=${encodeURIComponent(tag)}`)).json()).items;
    expect(after.map((item: { isHidden: boolean }) => item.isHidden)).toEqual([false, false]);
    await expect(tabs.getByRole('link', { name: 'Hidden' })).toHaveText(/^Hidden\s*0$/);

    // Reported again, then dismissed in bulk from the Reported tab (no Undo: the reports are closed).
    const second = await studentRequest(browser, 'Second Reporter');
    for (const id of ids)
      expect((await second.post(`/api/reviews/${id}/reports`, { data: { reason: 'spam' } })).status()).toBe(204);
    await page.goto(`/admin/review-managment?tab=reported&q=${encodeURIComponent(tag)}`);
    await expect(rows).toHaveCount(2);
    await page.getByRole('checkbox', { name: 'Select every review on this page' }).check();
    await bulk.getByRole('button', { name: 'Dismiss reports' }).click();
    await expect(page.getByText('Reports dismissed on 2 reviews')).toBeVisible();
    await expect(rows).toHaveCount(0);
    expect(await accessibilityViolations(page), 'accessibility violations on review management').toEqual([]);
  },
);

// Site-wide: the dashboard and the sidebar count every pending submission, which other tests add and settle.
test(
  'Manage Submissions on a 360 px phone: one row per submission, Read more, bulk approve; the sidebar and dashboard count the queue',
  { tag: '@site-wide' },
  async ({ page, browser }) => {
    const student = await studentRequest(browser, 'Bulk Submitter');
    const names = [`Approve Me ${suffix()}`, `Approve Me Too ${suffix()}`];
    const longBiography = `${'Teaches statistics with real data sets every week. '.repeat(8)}The end.`;
    // The queue is oldest first, so this test's two submissions come last. They must share a page
    // to be approved together: when only one place is left on the last page, a third goes first.
    await logInAs(page, admin);
    const queueBefore = await (await page.request.get('/api/admin/tutors?status=pending&sort=oldest')).json();
    if (queueBefore.total % queueBefore.pageSize === queueBefore.pageSize - 1)
      names.unshift(`Queue Filler ${suffix()}`);
    for (const name of names)
      expect(
        (
          await student.post('/api/tutors', {
            data: { name, department: 'Statistics', biography: longBiography, courses: [] },
          })
        ).status(),
      ).toBe(201);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin');
    const pending = await total(page, '/api/admin/tutors?status=pending&pageSize=1');
    const figure = page.getByRole('main').getByRole('link', { name: 'Pending submissions' });
    await expect(figure).toHaveAttribute('href', '/admin/managesubmissions');
    await expect(
      page.locator('dt', { hasText: /^Pending submissions$/ }).locator('xpath=following-sibling::dd[1]'),
    ).toHaveText(String(pending));
    // Review Management in the sidebar opens on the reported reviews while any wait.
    const reported = await total(page, '/api/admin/reviews?reported=true&pageSize=1');
    await expect(
      page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: /^Review Management/ }),
    ).toHaveAttribute('href', reported > 0 ? '/admin/review-managment?tab=reported' : '/admin/review-managment');

    // Read more on a wide screen: the biography to a word's end, an ellipsis and the full profile.
    if (names.length === 3) names.shift();
    const queue = await (await page.request.get('/api/admin/tutors?status=pending&sort=oldest')).json();
    await page.goto(`/admin/managesubmissions?page=${Math.max(1, Math.ceil(queue.total / queue.pageSize))}`);
    const row = page.getByRole('row').filter({ hasText: names[0]! });
    await row.getByRole('button', { name: `Read more of the biography of ${names[0]}` }).click();
    const biography = row.getByRole('cell').filter({ hasText: 'Teaches statistics' }).locator('p');
    await expect(biography).toHaveText(/…$/);
    const shown = (await biography.textContent())!;
    expect(shown.length).toBeLessThanOrEqual(300);
    // Cut between words: what follows the shown part in the biography is a space.
    const kept = shown.slice(0, -1);
    expect(longBiography.startsWith(kept)).toBe(true);
    expect(longBiography[kept.length]).toBe(' ');
    await expect(row.getByRole('link', { name: `Show Full Profile of ${names[0]}` })).toBeVisible();

    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Submissions' })).toBeVisible();
    await expectNoSidewaysScroll(page, '/admin/managesubmissions');
    for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await page.getByRole('region', { name: 'Bulk actions' }).getByRole('button', { name: 'Approve selected' }).click();
    await expect(page.getByText('2 tutors approved')).toBeVisible();
    for (const name of names) await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    const approved = (await (await page.request.get(`/api/admin/tutors?q=${encodeURIComponent('Approve Me')}`)).json())
      .items as { name: string; status: string; isPublic: boolean }[];
    for (const name of names)
      expect(approved.find((tutor) => tutor.name === name)).toMatchObject({ status: 'approved', isPublic: true });
    expect(await accessibilityViolations(page), 'accessibility violations on the submissions queue').toEqual([]);
  },
);
