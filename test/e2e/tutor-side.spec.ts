import { accessibilityViolations } from './axe';
import {
  admin,
  createStudent,
  expect,
  expectNoSidewaysScroll,
  logInAs,
  publishTutor,
  reviewThroughApi,
  studentSession,
  suffix,
  test,
} from './fixtures';

test('a tutor claims their profile, an administrator approves, the tutor responds and the response shows under the review', async ({
  page,
  browser,
}) => {
  // Three people, two screens each, and axe on four views.
  test.slow();
  const tutorName = `Claimed Tutor ${suffix()}`;
  const tutorId = await publishTutor(browser, { name: tutorName, department: 'Physics' });
  const reviewer = await studentSession(browser, 'Rhea Reviewer');
  await reviewThroughApi(reviewer.page.request, tutorId, { title: 'Clear lectures', rating: 5 });

  // The tutor signs up and claims the profile, with a word to the administrator.
  const tutor = await createStudent(page.request, { name: tutorName });
  await logInAs(page, tutor);
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`/user/tutorprofile/${tutorId}`);
  await expect(page.getByRole('heading', { level: 1, name: tutorName })).toBeVisible();
  await page.getByRole('button', { name: 'Claim this profile' }).click();
  const claimDialog = page.getByRole('dialog', { name: 'Claim this profile' });
  await claimDialog.getByLabel('Message to the administrator (optional)').fill('I teach PHYS101 on Tuesdays.');
  expect(await accessibilityViolations(page)).toEqual([]);
  await claimDialog.getByRole('button', { name: 'Send claim' }).click();
  await expect(page.getByText('Thanks, an administrator will review your claim.')).toBeVisible();
  await expect(page.getByText('Your claim of this profile is waiting for an administrator.')).toBeVisible();
  await expectNoSidewaysScroll(page, 'the profile with a pending claim');

  // The administrator reads who asks, with their address, and approves.
  const adminContext = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const adminPage = await adminContext.newPage();
  await logInAs(adminPage, admin);
  await adminPage.goto('/admin/profile-claims');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Profile Claims' })).toBeVisible();
  const claim = adminPage.getByRole('article', { name: `${tutorName} claims ${tutorName}` });
  await expect(claim).toContainText(tutor.email);
  await expect(claim).toContainText('Verified address');
  await expect(claim).toContainText('I teach PHYS101 on Tuesdays.');
  expect(await accessibilityViolations(adminPage)).toEqual([]);
  await expectNoSidewaysScroll(adminPage, 'Profile Claims');
  await claim.getByRole('button', { name: `Approve the claim of ${tutorName}` }).click();
  await expect(adminPage.getByText(`${tutorName} now manages ${tutorName}.`)).toBeVisible();
  await expect(adminPage.getByText('No claims are waiting.')).toBeVisible();

  // The tutor is told, then answers the review on their profile.
  await page.goto('/user/notifications');
  await expect(page.getByText(`Your claim of the profile`)).toBeVisible();
  await page.goto('/user/dashboard');
  await page.getByRole('link', { name: "My profile's reviews" }).click();
  await expect(page).toHaveURL(new RegExp(`/user/tutorprofile/${tutorId}$`));
  await expect(page.getByText('Claimed by the tutor')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Claim this profile' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Rate the Tutor' })).toHaveCount(0);
  const review = page.getByRole('article', { name: 'Clear lectures' });
  await review.getByRole('button', { name: /^Respond to the/ }).click();
  await review.getByRole('button', { name: 'Publish response' }).click();
  await expect(review.getByText('The response is required.').first()).toBeVisible();
  await review.getByLabel('Your response').fill('Thank you, see you in the lab!');
  expect(await accessibilityViolations(page)).toEqual([]);
  await review.getByRole('button', { name: 'Publish response' }).click();
  await expect(page.getByText('Response published.')).toBeVisible();
  const response = review.getByRole('region', { name: 'Response from the tutor' });
  await expect(response).toContainText('Thank you, see you in the lab!');
  await expect(review.getByRole('button', { name: /^Edit response to the/ })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the profile with a response');

  // Rewritten with a phone number: the screen says what it found and where; "Submit anyway"
  // publishes it, flagged for a moderator under the default Warn.
  await review.getByRole('button', { name: /^Edit response to the/ }).click();
  await review.getByLabel('Your response').fill('Thank you! Text me at 555-123-4567.');
  await review.getByRole('button', { name: 'Publish response' }).click();
  const notice = review.getByRole('region', { name: 'Please check your response before it is published' });
  await expect(notice).toContainText('555-123-4567');
  expect(await accessibilityViolations(page)).toEqual([]);
  await notice.getByRole('button', { name: 'Edit my response' }).click();
  await expect(notice).toHaveCount(0);
  await review.getByRole('button', { name: 'Publish response' }).click();
  await notice.getByRole('button', { name: 'Submit anyway' }).click();
  await expect(page.getByText('Response updated.')).toBeVisible();
  await expect(response).toContainText('Thank you! Text me at 555-123-4567.');

  // Every student reads it under the review.
  await reviewer.page.setViewportSize({ width: 360, height: 800 });
  await reviewer.page.goto(`/user/tutorprofile/${tutorId}`);
  const seen = reviewer.page.getByRole('article', { name: 'Clear lectures' });
  await expect(seen.getByRole('region', { name: 'Response from the tutor' })).toContainText(
    'Thank you! Text me at 555-123-4567.',
  );
  await expect(seen.getByRole('button', { name: /response/i })).toHaveCount(0);
  expect(await accessibilityViolations(reviewer.page)).toEqual([]);
  await expectNoSidewaysScroll(reviewer.page, "a student's view of the response");

  // Review management's Flagged tab finds it, with what the screen found.
  await adminPage.goto(`/admin/review-managment?tab=flagged&q=${encodeURIComponent(tutorName)}`);
  await expect(adminPage.getByText('Response flagged')).toBeVisible();

  // A moderator hides it from the admin's tutor profile: students no longer see it.
  await adminPage.goto(`/admin/teacher/fullprofile/${tutorId}`);
  const moderated = adminPage.getByRole('article', { name: 'Clear lectures' });
  await moderated.getByRole('button', { name: /^Hide the response to the/ }).click();
  const hideDialog = adminPage.getByRole('dialog', { name: "Hide the tutor's response" });
  await hideDialog.getByLabel('Reason').fill('Please keep to the course.');
  await hideDialog.getByRole('button', { name: 'Hide response' }).click();
  await expect(moderated.getByText('Hidden by a moderator')).toBeVisible();
  await reviewer.page.reload();
  await expect(
    reviewer.page
      .getByRole('article', { name: 'Clear lectures' })
      .getByRole('region', { name: 'Response from the tutor' }),
  ).toHaveCount(0);

  // The administrator releases the profile from the account (say, the wrong person was
  // approved): the account is told why and the profile may be claimed again.
  await adminPage.goto('/admin/profile-claims');
  await adminPage
    .getByRole('navigation', { name: 'Claim queues' })
    .getByRole('link', { name: /Approved/ })
    .click();
  const held = adminPage.getByRole('article', { name: `${tutorName} manages ${tutorName}` });
  await expect(held).toContainText(tutor.email);
  expect(await accessibilityViolations(adminPage)).toEqual([]);
  await held.getByRole('button', { name: `Release ${tutorName} from ${tutorName}` }).click();
  const releaseDialog = adminPage.getByRole('dialog', { name: 'Release this profile' });
  await releaseDialog.getByLabel('Reason').fill('The department asked us to.');
  await releaseDialog.getByRole('button', { name: 'Release profile' }).click();
  await expect(adminPage.getByText(`${tutorName} was released from ${tutorName}.`)).toBeVisible();
  await expect(adminPage.getByText('No account manages a tutor profile.')).toBeVisible();
  await page.goto(`/user/tutorprofile/${tutorId}`);
  await expect(page.getByText('An administrator released this profile from your account.')).toBeVisible();
  await expect(page.getByText('Reason: The department asked us to.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Claim this profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit response to the/ })).toHaveCount(0);
  await adminContext.close();
  await reviewer.page.context().close();
});
