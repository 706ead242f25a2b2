import { defineConfig, devices } from '@playwright/test';
import { e2eServer } from './test/e2e/e2e-server';

const baseURL = `http://127.0.0.1:${e2eServer.port}`;

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium; browsers are never downloaded. The flags keep it off the closed network.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `node -e "require('fs').rmSync(process.env.DATA_DIR,{recursive:true,force:true})" && node_modules/.bin/tsx src/server/main.ts`,
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(e2eServer.port),
      PUBLIC_URL: baseURL,
      DATA_DIR: e2eServer.dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      ADMIN_EMAIL: e2eServer.adminEmail,
      ADMIN_PASSWORD: e2eServer.adminPassword,
      ADMIN_NAME: 'E2E Admin',
      LOG_LEVEL: 'warn',
    },
  },
});
