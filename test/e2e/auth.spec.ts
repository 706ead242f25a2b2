import { admin, createStudent, expect, latestMailTo, logInAs, newStudent, recoveryCodeFor, test } from './fixtures';

test.describe('sign up and email verification', () => {
  test('a new student signs up, opens the link from the outbox, and lands in the user area', async ({ page }) => {
    const student = newStudent();
    await page.goto('/signup');
    await expect(page.getByText('Please use only your university-issued email address.')).toBeVisible();
    await page.getByLabel('Name').fill(student.name);
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(`Email sent at ${student.email}.`)).toBeVisible();
    await expect(page).toHaveURL('/login');

    // The login form arrives with the new address filled in; until verified, the pages stay closed.
    await expect(page.getByLabel('Email')).toHaveValue(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Email Not Verified' })).toBeVisible();

    const mail = await latestMailTo(student.email);
    expect(mail.subject).toContain('Verify your email');

    await page.goto(mail.link!);
    await expect(page.getByText('Verifying your email...').or(page.getByText('Email Verified!'))).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
    await expect(page).toHaveURL(/\/user\/?$/, { timeout: 6_000 });
    await expect(page.getByRole('heading', { name: student.name.toUpperCase() })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Email Not Verified' })).toBeHidden();
  });

  test('a link opened while logged out verifies the account and leads to the login page', async ({ page, request }) => {
    const student = await createStudent(request, { verified: false });
    const mail = await latestMailTo(student.email);
    await page.goto(mail.link!);
    await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
    await expect(page).toHaveURL('/login', { timeout: 6_000 });

    // The link works once.
    await page.goto(mail.link!);
    await expect(page.getByRole('heading', { name: 'Verification failed' })).toBeVisible();
    await expect(page.getByText('This verification link has already been used.')).toBeVisible();
  });

  test('sign-up checks its fields, shows the server error in a red box, and gives away no registered address', async ({
    page,
    request,
  }) => {
    const existing = await createStudent(request, { verified: false });
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all fields.');

    await page.getByLabel('Name').fill('Someone');
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters.');

    // A taken address looks like any other; only its owner learns of the attempt, by mail (see account-enumeration.test.ts).
    await page.getByLabel('Password', { exact: true }).fill('long-enough-password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(`Email sent at ${existing.email}.`)).toBeVisible();
    await expect(page).toHaveURL('/login');
  });

  test('a broken verification link says so', async ({ page }) => {
    await page.goto('/verify?userId=abc');
    await expect(page.getByRole('heading', { name: 'Verification failed' })).toBeVisible();
    await expect(page.getByText('Your link is not valid')).toBeVisible();
    await expect(page.getByRole('link', { name: /dashboard/ })).toHaveAttribute('href', '/user');

    await page.goto('/verify?userId=00000000-0000-4000-8000-000000000000&secret=wrong');
    await expect(page.getByRole('heading', { name: 'Verification failed' })).toBeVisible();
  });

  test('an unverified student sees the notice instead of the pages and can resend the mail', async ({
    page,
    request,
  }) => {
    const student = await createStudent(request, { verified: false });
    await logInAs(page, student);
    await page.goto('/user/dashboard');
    await expect(page.getByRole('heading', { name: 'Email Not Verified' })).toBeVisible();
    await page.getByRole('button', { name: 'Resend Verification Email' }).click();
    await expect(page.getByText(`Email sent at ${student.email}.`)).toBeVisible();
  });
});

test.describe('login and logout', () => {
  test('login checks both fields, shows the server error and the failure toast', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in both fields.');

    await page.getByLabel('Email').fill('nobody@uni.test');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Error Occurred')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
  });

  test('Cancel returns to the landing page and the sign-up link works', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL('/signup');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL('/');
  });

  test('an admin logging in passes the second factor and lands on /admin/', async ({ page, request }) => {
    const recoveryCode = await recoveryCodeFor(request, admin);
    await page.goto('/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Logged In successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
    await page.getByLabel('Code from your authenticator app, or a recovery code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/admin/');
    await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  });

  test('a student logging in lands on /user/ and logging out ends the session', async ({ page, request }) => {
    const student = await createStudent(request);
    await page.goto('/login');
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL('/user/');
    await expect(page.getByRole('heading', { name: student.name.toUpperCase() })).toBeVisible();

    // Logout is in the account menu.
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('Logged Out Successfully')).toBeVisible();
    await expect(page).toHaveURL('/');
    const session = await page.request.get('/api/session');
    expect(await session.json()).toEqual({ account: null, secondFactorStep: null });
  });
});
