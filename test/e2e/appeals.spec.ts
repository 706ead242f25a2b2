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

test('an author appeals a hidden review from its notification, and a moderator restores it', async ({
  page,
  browser,
}) => {
  const id = suffix();
  const tutorName = `Appealed Tutor ${id}`;
  const tutorId = await publishTutor(browser, { name: tutorName, department: 'Geology' });
  const otherTutorId = await publishTutor(browser, { name: `Deleted Tutor ${id}`, department: 'Geology' });
  const { page: studentPage } = await studentSession(browser);
  const title = `Fair but tough ${id}`;
  const reviewId = await reviewThroughApi(studentPage.request, tutorId, { title, rating: 4 });
  const deletedTitle = `Gone for now ${id}`;
  const deletedId = await reviewThroughApi(studentPage.request, otherTutorId, { title: deletedTitle, rating: 2 });

  await logInAs(page, admin);
  const hidden = await page.request.post(`/api/admin/reviews/${reviewId}/hide`, {
    data: { reason: 'Reads like a personal attack.' },
  });
  expect(hidden.status()).toBe(200);
  const deleted = await page.request.delete(`/api/admin/reviews/${deletedId}`, {
    data: { reason: 'Names a classmate.' },
  });
  expect(deleted.status()).toBe(204);

  // The author follows the notification's Appeal link to the review in My Reviews.
  await studentPage.goto('/user/notifications');
  const notice = studentPage.getByRole('listitem').filter({ hasText: 'Reads like a personal attack.' });
  await notice.getByRole('link', { name: 'Appeal', exact: true }).click();
  await expect(studentPage).toHaveURL(new RegExp(`/user/myreviews\\?appeal=${reviewId}$`));

  // The deleted review is listed too, with the reason, and can be appealed as well.
  const deletedSection = studentPage.getByRole('region', { name: 'Deleted by a moderator' });
  await expect(deletedSection.getByRole('article', { name: deletedTitle })).toContainText('Names a classmate.');
  await expect(deletedSection.getByRole('button', { name: /^Appeal/ })).toBeVisible();

  const appealed = studentPage.getByRole('article', { name: title });
  await expect(appealed).toContainText('Hidden by a moderator');
  const text = appealed.getByRole('textbox', { name: 'Why should a moderator look again?' });
  await expect(text).toBeFocused();
  // An empty appeal is answered in the form, nothing sent.
  await appealed.getByRole('button', { name: 'Send appeal' }).click();
  await expect(appealed.getByRole('link', { name: 'Your appeal is required.' })).toBeVisible();
  await text.fill('It describes the marking, not the person. Please look again.');
  await appealed.getByRole('button', { name: 'Send appeal' }).click();
  await expect(appealed).toContainText('Appeal sent: waiting for a moderator.');
  await expect(appealed.getByRole('button', { name: /^Appeal/ })).toHaveCount(0);
  expect(await accessibilityViolations(studentPage)).toEqual([]);
  await studentPage.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(studentPage, 'My Reviews with an appeal');

  // The moderator finds it in the Appeals queue and restores it with a reason.
  await page.goto('/admin/review-managment?tab=appeals');
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText('It describes the marking, not the person.');
  await expect(card).toContainText('Reads like a personal attack.');
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page, 'the Appeals queue');
  await card.getByRole('button', { name: `Restore ${title}`, exact: false }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore this review?' });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('On a second reading it is about teaching.');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Review restored')).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);

  // The review is on the tutor's page again, and the author is told why.
  await studentPage.goto(`/user/tutorprofile/${tutorId}`);
  await expect(studentPage.getByText(title)).toBeVisible();
  await studentPage.goto('/user/notifications');
  await expect(studentPage.getByRole('listitem').filter({ hasText: 'Your appeal was accepted' }).first()).toContainText(
    'On a second reading it is about teaching.',
  );
  await studentPage.goto('/user/myreviews');
  await expect(studentPage.getByRole('article', { name: title })).toContainText(
    'Appeal accepted: your review is published again.',
  );
  await studentPage.context().close();
});
