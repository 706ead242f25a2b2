import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { scaleOut } from './e2e-server';
import { expect, newStudent, recoveryCodeFor, suffix, test } from './fixtures';
import {
  documentedNginxSite,
  type LoadBalancer,
  nginxInstalled,
  siteOnLoopback,
  startLoadBalancer,
} from '../helpers/nginx';
import { databaseUrl, withAdminClient } from '../helpers/postgres-admin';
import { installRelease, pageOwnModules, otherWebBuild, type Release } from '../helpers/releases';
import { keepPreviousAssets } from '../../tools/build/previous-assets';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';
import {
  killServerProcess,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
  waitUntilReady,
} from '../helpers/server-process';
import { type SmtpSink, startSmtpSink } from '../helpers/smtp-sink';

/*
 * The shape README's "Running several instances" describes, for real: nginx (its documented
 * configuration, round robin, no sticky sessions) in front of two instances of the built product
 * on one PostgreSQL database, pictures in an S3-compatible server, mail through an SMTP server.
 * A student and an administrator go through it in a browser; one instance is killed mid-run.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const loadBalancerUrl = `http://127.0.0.1:${scaleOut.loadBalancerPort}`;
const administrator = { email: 'scale-admin@tutorly.test', password: 'scale-admin-password' };
/** What `npm run build` (the test run's first step) wrote. */
const builtWeb = path.resolve('dist/web');

test.use({ baseURL: loadBalancerUrl });
test.describe.configure({ mode: 'serial' });

// CI installs nginx and runs PostgreSQL; elsewhere the test says what it is missing.
const missing = !adminUrl ? 'a PostgreSQL server (TEST_DATABASE_URL)' : !nginxInstalled() ? 'nginx' : null;
test.skip(missing !== null && !process.env.CI, `needs ${missing}`);

let databaseName = '';
let s3: TestS3Server | undefined;
let smtp: SmtpSink | undefined;
let loadBalancer: LoadBalancer | undefined;
const instances: ServerProcess[] = [];
const dataDirs: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  if (missing) throw new Error(`The scale-out test needs ${missing}`);
  databaseName = `tutorly_scale_out_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl!, (client) => client.query(`CREATE DATABASE "${databaseName}"`));
  [s3, smtp] = await Promise.all([startS3Server(), startSmtpSink()]);
  const shared = {
    DATABASE_URL: databaseUrl(adminUrl!, databaseName),
    STORAGE_DRIVER: 's3',
    ...s3.env,
    SMTP_URL: smtp.url,
    PUBLIC_URL: loadBalancerUrl,
    TRUST_PROXY: '127.0.0.1',
    ADMIN_EMAIL: administrator.email,
    ADMIN_PASSWORD: administrator.password,
    DATABASE_POOL_SIZE: '4',
    DATABASE_WRITE_POOL_SIZE: '2',
  };
  // The instances share DATA_DIR, as README's several-instances setup has them do: the key that
  // seals second factors and signs device cookies is in it.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-instance-'));
  dataDirs.push(dataDir);
  // One after the other, as instances are rolled out: the first migrates the new database.
  for (const port of scaleOut.instancePorts) {
    const instance = startServerProcess(port, { ...shared, DATA_DIR: dataDir });
    instances.push(instance);
    await waitUntilReady(instance);
  }
  const site = siteOnLoopback(await documentedNginxSite(), {
    port: scaleOut.loadBalancerPort,
    upstreams: scaleOut.instancePorts.map((port) => `127.0.0.1:${port}`),
  });
  loadBalancer = await startLoadBalancer(site, scaleOut.loadBalancerPort);
});

test.afterAll(async () => {
  await Promise.all(instances.map((instance) => stopServerProcess(instance, 5_000)));
  await loadBalancer?.close();
  await Promise.all([s3?.close(), smtp?.close()]);
  if (databaseName)
    await withAdminClient(adminUrl!, (client) =>
      client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`),
    );
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

const instanceAddress = (instance: ServerProcess) => `127.0.0.1:${instance.port}`;

async function verificationLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      link = smtp!.messages.filter((mail) => mail.to === email && mail.link).at(-1)?.link;
      return link;
    })
    .toBeTruthy();
  return link!;
}

async function pictureLoaded(page: Page, name: string): Promise<boolean> {
  const picture = page.getByRole('img', { name }).first();
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  return picture.evaluate((img: HTMLImageElement) => img.naturalWidth > 0);
}

test('a student and an administrator go through nginx to two instances, and one instance dies mid-run', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const [first, second] = instances as [ServerProcess, ServerProcess];
  const student = newStudent();
  const tutorName = `Odile Varga ${suffix()}`;

  await test.step('sign up and verify the address from the mail', async () => {
    await page.goto('/signup');
    await page.getByLabel('Name').fill(student.name);
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText(`Email sent at ${student.email}.`)).toBeVisible();
    await page.goto(await verificationLinkFor(student.email));
    await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
    await page.goto('/login');
    await page.getByLabel('Email').fill(student.email);
    await page.getByLabel('Password', { exact: true }).fill(student.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: student.name.toUpperCase() })).toBeVisible();
  });

  await test.step('submit a tutor with a picture; it is pending at once', async () => {
    await page.goto('/user/add-teacher');
    await page.getByLabel('Name', { exact: true }).fill(tutorName);
    await page.getByLabel('Department').fill('Statistics');
    await page.getByLabel('Biography').fill('Runs the Thursday regression clinic.');
    const portrait = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    await page.getByLabel(/picture/i).setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: portrait });
    await expect(page.getByRole('img', { name: /preview/i })).toBeVisible();
    await page.getByRole('button', { name: 'Submit Tutor' }).click();
    await expect(page.getByText('Submitted SuccessFully')).toBeVisible();
    await expect(page).toHaveURL(/\/user\/mytutors$/);
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: tutorName })
        .getByText(/pending/i),
    ).toBeVisible();
  });

  await test.step('an administrator approves it; the student finds it with its picture at once', async () => {
    const adminContext = await browser.newContext({ baseURL: loadBalancerUrl });
    const adminTab = await adminContext.newPage();
    const recoveryCode = await recoveryCodeFor(adminContext.request, administrator);
    await adminContext.clearCookies();
    await adminTab.goto('/login');
    await adminTab.getByLabel('Email').fill(administrator.email);
    await adminTab.getByLabel('Password', { exact: true }).fill(administrator.password);
    await adminTab.getByRole('button', { name: 'Login' }).click();
    await adminTab.getByLabel('Code from your authenticator app, or a recovery code').fill(recoveryCode);
    await adminTab.getByRole('button', { name: 'Continue' }).click();
    await expect(adminTab).toHaveURL(/\/admin/);
    await adminTab.goto('/admin/manage-submissions');
    const queued = adminTab.getByRole('row').filter({ hasText: tutorName });
    await queued.getByRole('button', { name: 'Approve' }).click();
    await expect(queued).toHaveCount(0);
    await adminContext.close();

    await page.goto(`/user/tutors?${new URLSearchParams({ q: tutorName })}`);
    const card = page.getByRole('article').filter({ hasText: tutorName });
    await expect(card).toBeVisible();
    expect(await pictureLoaded(page, tutorName)).toBe(true);
    await card.getByRole('link', { name: 'View Tutor Profile' }).click();
    await expect(page.getByRole('heading', { name: tutorName, level: 1 })).toBeVisible();
    await expect(page.getByText('No reviews yet.')).toBeVisible();
  });

  const tutorId = new URL(page.url()).pathname.split('/').at(-1)!;

  await test.step('write a review; the profile and My Reviews show it at once', async () => {
    await page.goto(`/user/SubmitReview?tutorId=${tutorId}`);
    await page.getByLabel('Title').fill('Clear about assumptions');
    await page.getByRole('radio', { name: '4 stars' }).check();
    await page.getByRole('textbox', { name: 'Review', exact: true }).fill('Every model came with its assumptions.');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Review submitted successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Clear about assumptions' })).toBeVisible();
    await page.goto(`/user/tutorprofile/${tutorId}`);
    await expect(page.getByRole('article', { name: 'Clear about assumptions' })).toBeVisible();
  });

  const beforeTheKill = await loadBalancer!.answeredBy();
  const servedBy = (lines: typeof beforeTheKill) => new Set(lines.map((line) => line.upstream));
  await test.step('both instances answered reads and writes', () => {
    const api = beforeTheKill.filter((line) => line.path.startsWith('/api/'));
    const writes = api.filter((line) => line.method !== 'GET');
    for (const instance of instances) {
      expect(servedBy(api), 'API requests').toContain(instanceAddress(instance));
    }
    expect(writes.length).toBeGreaterThanOrEqual(5);
    expect(api.every((line) => line.status < 500)).toBe(true);
    return Promise.resolve();
  });

  const acknowledged: string[] = [];
  await test.step('submissions keep coming while one instance is killed; none acknowledged is lost', async () => {
    let firstAcknowledged = false;
    let killed = false;
    const submit = async (index: number) => {
      const response = await page.request
        .post('/api/tutors', {
          data: {
            name: `Burst Tutor ${index} ${suffix()}`,
            department: 'Statistics',
            biography: 'Submitted in a burst.',
            courses: [],
          },
        })
        .catch(() => null);
      if (response?.status() === 201) {
        acknowledged.push((await response.json()).tutor.id);
        if (response.headers()['x-upstream'] === instanceAddress(first)) firstAcknowledged = true;
      }
      return response?.status() ?? 0;
    };
    // The kill falls in the middle of the burst: once the first instance has acknowledged some of
    // it (however long a busy machine takes to answer), with a dozen more sent after it.
    const burst: Promise<number>[] = [];
    const sending = (async () => {
      for (let index = 0, afterTheKill = 0; (index < 24 || afterTheKill < 12) && index < 200; index++) {
        burst.push(submit(index));
        if (killed) afterTheKill++;
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    })();
    await expect
      .poll(() => firstAcknowledged, { message: 'the first instance acknowledged some of the burst', timeout: 15_000 })
      .toBe(true);
    await killServerProcess(first);
    killed = true;
    await sending;
    const statuses = await Promise.all(burst);
    // A request the dead instance had taken is answered 502; nginx sends no write twice.
    expect(statuses.every((status) => status === 201 || status === 502)).toBe(true);
    expect(acknowledged.length).toBeGreaterThan(12);
    // The kill fell in the middle: each instance had acknowledged some of the burst.
    const burstAnswers = (await loadBalancer!.answeredBy()).filter(
      (line) => line.method === 'POST' && line.path === '/api/tutors' && line.status === 201,
    );
    for (const instance of instances) {
      expect(servedBy(burstAnswers), 'acknowledged submissions').toContain(instanceAddress(instance));
    }

    const mine = await page.request.get('/api/tutors/mine');
    expect(mine.status()).toBe(200);
    const stored = new Set(((await mine.json()) as { items: { id: string }[] }).items.map((tutor) => tutor.id));
    for (const id of acknowledged) expect(stored, `acknowledged submission ${id}`).toContain(id);
  });

  const answeredBeforeTheKill = (await loadBalancer!.answeredBy()).length;

  await test.step('the other instance keeps serving: edit the review, see it, pictures still load', async () => {
    await page.goto('/user/myreviews');
    await page.getByRole('link', { name: `Edit review of ${tutorName}` }).click();
    await expect(page.getByRole('heading', { name: 'Update Review' })).toBeVisible();
    await page.getByLabel('Title').fill('Clear, and patient');
    await page.getByRole('button', { name: 'Update Review' }).click();
    await expect(page.getByText('Review updated successfully!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Clear, and patient' })).toBeVisible();
    await page.goto(`/user/tutorprofile/${tutorId}`);
    await expect(page.getByRole('article', { name: 'Clear, and patient' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Clear about assumptions' })).toHaveCount(0);
    expect(await pictureLoaded(page, tutorName)).toBe(true);
  });

  const afterTheKill = (await loadBalancer!.answeredBy()).slice(answeredBeforeTheKill);
  const answeredAfter = afterTheKill.filter((line) => line.status < 500 && line.upstream !== '-');
  // nginx may try the dead instance again once its 5 s are up; every answer came from the living one.
  expect(answeredAfter.length).toBeGreaterThan(10);
  expect(answeredAfter.every((line) => line.upstream.endsWith(instanceAddress(second)))).toBe(true);
  expect(second.child.exitCode).toBeNull();
});

/*
 * A deploy, as a rolling restart does it: nginx in front of an instance of the old release and
 * one of the new, each a release folder of its own (test/helpers/releases.ts). A tab opened on the
 * old release stays open while the old instance goes away, and its reader moves on to a page
 * whose code it has not loaded yet.
 */
test.describe('a deploy', () => {
  const deployUrl = `http://127.0.0.1:${scaleOut.deploy.loadBalancerPort}`;
  const oldAddress = `127.0.0.1:${scaleOut.deploy.oldInstancePort}`;
  const releases: Release[] = [];
  const started: ServerProcess[] = [];
  let deployBalancer: LoadBalancer | undefined;
  let workDir = '';

  test.use({ baseURL: deployUrl });

  test.beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-deploy-'));
  });

  test.afterEach(async () => {
    await deployBalancer?.close();
    await Promise.all(started.splice(0).map((instance) => stopServerProcess(instance, 5_000)));
    await Promise.all(releases.splice(0).map((release) => release.remove()));
  });

  test.afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  /** Once nginx sends requests to `instance` again (it leaves out for 10 s one it could not reach). */
  async function inRotation(page: Page, instance: ServerProcess): Promise<void> {
    await expect
      .poll(async () => (await page.request.get('/healthz')).headers()['x-upstream'], { timeout: 15_000 })
      .toBe(`127.0.0.1:${instance.port}`);
  }

  async function startInstance(release: Release, port: number): Promise<ServerProcess> {
    const dataDir = await mkdtemp(path.join(workDir, 'data-'));
    const instance = startServerProcess(
      port,
      {
        DATABASE_URL: databaseUrl(adminUrl!, databaseName),
        STORAGE_DRIVER: 's3',
        ...s3!.env,
        SMTP_URL: smtp!.url,
        PUBLIC_URL: deployUrl,
        TRUST_PROXY: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_POOL_SIZE: '2',
        DATABASE_WRITE_POOL_SIZE: '1',
      },
      { release: release.root },
    );
    started.push(instance);
    await waitUntilReady(instance);
    return instance;
  }

  /** The old release, and a tab a signed-in student opened on it (every request answered by it alone). */
  async function tabOnTheOldRelease(page: Page): Promise<{ oldInstance: ServerProcess; oldRelease: Release }> {
    const oldRelease = await installRelease(
      await otherWebBuild(builtWeb, await mkdtemp(path.join(workDir, 'old-web-')), 'old'),
    );
    releases.push(oldRelease);
    const oldInstance = await startInstance(oldRelease, scaleOut.deploy.oldInstancePort);
    // Started once an instance answers: nginx leaves out for 10 s an instance it could not reach.
    const site = siteOnLoopback(await documentedNginxSite(), {
      port: scaleOut.deploy.loadBalancerPort,
      upstreams: [oldAddress, `127.0.0.1:${scaleOut.deploy.newInstancePort}`],
    });
    deployBalancer = await startLoadBalancer(site, scaleOut.deploy.loadBalancerPort);
    // Straight to the old instance: nginx sends no write on to the next instance when the new one
    // is not up yet. The cookie holds for every port of 127.0.0.1, the load balancer's too.
    const student = newStudent();
    const api = (endpoint: string) => `${oldInstance.baseUrl}/api/auth/${endpoint}`;
    const signup = await page.request.post(api('signup'), {
      data: { name: student.name, email: student.email, password: student.password },
    });
    expect(signup.status()).toBe(201);
    const link = new URL(await verificationLinkFor(student.email));
    const verified = await page.request.post(api('verify-email'), {
      data: { userId: link.searchParams.get('userId'), secret: link.searchParams.get('secret') },
    });
    expect(verified.status()).toBe(200);
    const login = await page.request.post(api('login'), { data: { email: student.email, password: student.password } });
    expect(login.status()).toBe(200);
    const opened = await page.goto('/user/dashboard');
    // nginx tried the new instance first and found nobody there; the old one answered.
    expect(await opened!.headerValue('x-upstream')).toMatch(new RegExp(`${oldAddress}$`));
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // The top bar's language select comes after the page: the tab has everything it loads by itself.
    await expect(page.getByRole('combobox', { name: 'Language' })).toBeVisible();
    return { oldInstance, oldRelease };
  }

  test('a tab left open on the old release moves to a page it has not loaded after the old instance is gone', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { oldInstance, oldRelease } = await tabOnTheOldRelease(page);
    const loads: string[] = [];
    page.on('load', () => loads.push(page.url()));

    // The new release is built where the old one was: the build step carries its assets forward.
    const newWeb = await mkdtemp(path.join(workDir, 'new-web-'));
    await cp(builtWeb, newWeb, { recursive: true });
    await keepPreviousAssets(oldRelease.webBuild, newWeb);
    const newRelease = await installRelease(newWeb);
    releases.push(newRelease);
    const newInstance = await startInstance(newRelease, scaleOut.deploy.newInstancePort);
    await inRotation(page, newInstance);
    await stopServerProcess(oldInstance, 5_000);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Reviews' }).click();
    await expect(page.getByRole('heading', { name: 'All Reviews', level: 1 })).toBeVisible();
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(loads, 'no reload').toEqual([]);
  });

  test('a tab on a release the new one no longer carries reloads onto it once and says it was updated', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { oldInstance } = await tabOnTheOldRelease(page);
    const loads: string[] = [];
    page.on('load', () => loads.push(new URL(page.url()).pathname));

    // A release built somewhere else, with nothing of the old one, and one of its own pages missing.
    const newWeb = await mkdtemp(path.join(workDir, 'new-web-'));
    await cp(builtWeb, newWeb, { recursive: true });
    const newRelease = await installRelease(newWeb);
    releases.push(newRelease);
    const tutorsPage = await pageOwnModules(newRelease.webBuild, '/user/tutors', [
      '/user/dashboard',
      '/user/allreviews',
    ]);
    await Promise.all(tutorsPage.map((file) => rm(file)));
    const newInstance = await startInstance(newRelease, scaleOut.deploy.newInstancePort);
    await inRotation(page, newInstance);
    await stopServerProcess(oldInstance, 5_000);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Reviews' }).click();
    await expect(page.getByRole('heading', { name: 'All Reviews', level: 1 })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Tutorly was updated' })).toBeVisible();
    expect(loads, 'one reload, onto the page asked for').toEqual(['/user/allreviews']);

    // The new release lacks a page of its own: reloading would not help, so it says so and waits.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tutors' }).click();
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Retry' })).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.waitForTimeout(1_000);
    expect(loads, 'no second reload').toEqual(['/user/allreviews']);
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(/\/assets\/|https?:\/\//);
  });

  test('while no instance answers the site says it cannot be reached, and Retry brings the page once one is back', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { oldInstance, oldRelease } = await tabOnTheOldRelease(page);
    await stopServerProcess(oldInstance, 5_000);
    const navigation = page.getByRole('navigation', { name: 'Main' });

    await navigation.getByRole('link', { name: 'All Reviews' }).click();
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Tutorly cannot be reached' })).toBeVisible();
    const retry = alert.getByRole('button', { name: 'Retry' });
    await expect(retry).toBeFocused();
    await expect(navigation).toBeVisible();
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(/\/assets\/|https?:\/\//);

    // Still nobody there: the message stays, and says so.
    await page.keyboard.press('Enter');
    await expect(alert.getByText('Still no answer. Try again in a moment.')).toBeVisible();
    await expect(retry).toBeFocused();

    const back = await startInstance(oldRelease, scaleOut.deploy.oldInstancePort);
    await inRotation(page, back);
    await retry.click();
    await expect(page.getByRole('heading', { name: 'All Reviews', level: 1 })).toBeVisible();
    await expect(navigation).toBeVisible();
  });
});
