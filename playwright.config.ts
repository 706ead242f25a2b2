import { existsSync } from 'node:fs';
import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { e2eServer, e2eServerForPasskeys, e2eServerWithoutAi, fakeAi, university } from './test/e2e/e2e-server';
import { SERVER_BUNDLE, SERVER_NODE_FLAGS } from './tools/build/server';

const baseURL = `http://127.0.0.1:${e2eServer.port}`;

/**
 * Tests tagged so change what every page reads (the site name, sign-up domains, screening, review
 * tags, AI summaries, the site's pages) or check figures that every other test moves (the
 * dashboard's counts, the queues' counts, the users table's order). They run in a project of their
 * own, one at a time, once every other test has finished: no test then reads a setting while another
 * changes it, and no count moves while one is checked. Every other test runs beside another, so it
 * makes its own data (names and addresses with a random part) and counts only what it made.
 */
const SITE_WIDE = /@site-wide/;

/**
 * Debian's headless shell of Chromium where it is installed (package chromium-headless-shell, the
 * same build without the desktop browser around it): the suite needs two fifths less CPU on it
 * than on the full browser in headless mode (decision 36). Otherwise the full browser.
 */
function chromiumForTests(): string {
  const headlessShell = '/usr/bin/chromium-headless-shell';
  return existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium';
}

export default defineConfig({
  testDir: 'test/e2e',
  // Files run side by side, the tests of one file in order in one worker. A test spends much of
  // its time waiting on the server or the browser: on two workers a 2-core machine stayed a fifth
  // idle, and one worker more than the cores kept it busy (194 s against 231 s, same run).
  fullyParallel: false,
  workers: os.availableParallelism() + 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  // The end of the run names the spec files that take longest, the ones to split or trim first.
  reportSlowTests: { max: 5, threshold: 60_000 },
  use: {
    baseURL,
    // On a developer's machine a failed test keeps its trace (each action's DOM snapshot, no
    // screenshots: those cost a tenth of the run's CPU). CI keeps no files of a run, and recording
    // every passing test cost another tenth there: rerun a failure with `--trace on` to see one.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      // Debian's Chromium; browsers are never downloaded. The flags keep it off the closed network.
      executablePath: process.env.CHROMIUM_PATH ?? chromiumForTests(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'chromium', grepInvert: SITE_WIDE, use: { ...devices['Desktop Chrome'] } },
    // After the others (Playwright skips it if they fail), alone, one test at a time.
    {
      name: 'site-wide',
      grep: SITE_WIDE,
      workers: 1,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'] },
    },
  ],
  webServer: [
    {
      command: 'node_modules/.bin/tsx test/fakes/serve-fake-ai.ts',
      url: `http://127.0.0.1:${fakeAi.controlPort}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        FAKE_GEMINI_PORT: String(fakeAi.geminiPort),
        FAKE_OPENAI_PORT: String(fakeAi.openAiPort),
        FAKE_AI_CONTROL_PORT: String(fakeAi.controlPort),
        FAKE_GEMINI_KEY: fakeAi.geminiKey,
      },
    },
    {
      command: 'node_modules/.bin/tsx test/helpers/serve-openid-provider.ts',
      url: `${university.issuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        OPENID_PROVIDER_PORT: String(university.port),
        OPENID_REDIRECT_URI: `${baseURL}/api/auth/oidc/callback`,
      },
    },
    productServer(e2eServer, {
      ADMIN_EMAIL: e2eServer.adminEmail,
      ADMIN_PASSWORD: e2eServer.adminPassword,
      ADMIN_NAME: 'E2E Admin',
      // Drafts come from the fake Gemini through the real SDK.
      GEMINI_API_KEY: fakeAi.geminiKey,
      GEMINI_BASE_URL: `http://127.0.0.1:${fakeAi.geminiPort}`,
      AI_DRAFTS_PER_HOUR: '100',
      // Review summaries (when a test turns them on) are written within a second or two.
      AI_SUMMARY_INTERVAL_SECONDS: '1',
      // Campus sign-in through a real OpenID Provider on loopback.
      OIDC_ISSUER: university.issuer,
      OIDC_CLIENT_ID: university.clientId,
      OIDC_CLIENT_SECRET: university.clientSecret,
    }),
    productServer(e2eServerWithoutAi, { AI_PROVIDER: 'none' }),
    productServer(e2eServerForPasskeys, { AI_PROVIDER: 'none', PUBLIC_URL: e2eServerForPasskeys.url }),
  ],
});

/** The built product on the embedded database, in a data folder emptied per run. */
function productServer(server: { port: number; dataDir: string }, env: Record<string, string>) {
  const url = `http://127.0.0.1:${server.port}`;
  return {
    command: `node -e "require('fs').rmSync(process.env.DATA_DIR,{recursive:true,force:true})" && node ${SERVER_NODE_FLAGS.join(' ')} ${SERVER_BUNDLE}`,
    url: `${url}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(server.port),
      PUBLIC_URL: url,
      DATA_DIR: server.dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // Every browser test signs up and logs in from 127.0.0.1, far past what production allows.
      RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000/15m',
      RATE_LIMIT_LOGIN_PER_IP: '100000/15m',
      RATE_LIMIT_SIGNUP_PER_IP: '100000/1h',
      RATE_LIMIT_RESEND_PER_IP: '100000/1h',
      RATE_LIMIT_PASSWORD_RESET_PER_IP: '100000/1h',
      RATE_LIMIT_CAMPUS_START_PER_IP: '100000/15m',
      RATE_LIMIT_WRITES_PER_USER: '100000/10m',
      RATE_LIMIT_UPLOADS_PER_USER: '100000/1h',
      RATE_LIMIT_UPLOAD_BYTES_PER_USER: '1000GB/1d',
      ...env,
    },
  };
}
