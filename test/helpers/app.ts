import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/config';
import type { WritableDatabase } from '../../src/server/db/client';
import { createMailer } from '../../src/server/mail/mailer';
import type { RateLimitStore } from '../../src/server/services/rate-limits';
import type { App } from '../../src/server/types';
import { createTestClock, type TestClock } from './clock';
import { getFileDatabase, type TestDatabase } from './database';

export interface TestAppOptions {
  /** Environment variables on top of the test defaults, read by the real loadConfig. */
  env?: Record<string, string | undefined>;
  /** Defaults to the test file's shared database (emptied before each test). */
  database?: TestDatabase;
  clock?: TestClock;
  /** A folder with a web build to serve; by default none is served. */
  webDistDir?: string;
  /** Rate-limit counters somewhere else than the database. */
  rateLimitStore?: RateLimitStore;
}

/**
 * The suites sign up and log in many users from one address (127.0.0.1), far past what
 * production allows; tests of the limits themselves set low ones through `env`.
 */
export const TEST_RATE_LIMITS = {
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000/15m',
  RATE_LIMIT_LOGIN_PER_IP: '100000/15m',
  RATE_LIMIT_SIGNUP_PER_IP: '100000/1h',
  RATE_LIMIT_RESEND_PER_IP: '100000/1h',
  RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS: '100000/1h',
  RATE_LIMIT_PASSWORD_RESET_PER_IP: '100000/1h',
  RATE_LIMIT_CAMPUS_START_PER_IP: '100000/15m',
  RATE_LIMIT_WRITES_PER_USER: '100000/10m',
  RATE_LIMIT_UPLOADS_PER_USER: '100000/1h',
  RATE_LIMIT_UPLOAD_BYTES_PER_USER: '1000GB/1d',
};

export interface TestApp {
  /** Not yet ready: a test may still add routes before its first inject(). */
  app: App;
  /** Writable: a test sets data up directly (test/helpers/factories.ts says what each write changes). */
  db: WritableDatabase;
  database: TestDatabase;
  config: Config;
  clock: TestClock;
  dataDir: string;
  outboxDir: string;
  /** Every log line the app wrote (raw JSON), so tests can check what reaches the log. */
  logs: string[];
  /** Closes the app and the mailer and removes DATA_DIR; the database stays with its owner. */
  close(): Promise<void>;
}

const openApps = new Set<TestApp>();

/** The real application: real config, database, outbox mailer and logger, a hand-moved clock. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await getFileDatabase());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    ...TEST_RATE_LIMITS,
    ...options.env,
  });
  const clock = options.clock ?? createTestClock();
  const logs: string[] = [];
  const mailer = createMailer(config.mail);
  const app = await buildApp({
    config,
    database,
    mailer,
    clock,
    logStream: { write: (line: string) => void logs.push(line) },
    // Never serve a web build another process may be writing to dist/.
    webDistDir: options.webDistDir ?? path.join(dataDir, 'no-web-build'),
    rateLimitStore: options.rateLimitStore,
  });

  const testApp: TestApp = {
    app,
    db: database.db,
    database,
    config,
    clock,
    dataDir,
    outboxDir: config.mail.transport === 'outbox' ? config.mail.dir : path.join(dataDir, 'outbox'),
    logs,
    async close() {
      if (!openApps.delete(testApp)) return;
      await app.close();
      mailer.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  openApps.add(testApp);
  return testApp;
}

export async function closeOpenTestApps(): Promise<void> {
  for (const testApp of [...openApps]) await testApp.close();
}
