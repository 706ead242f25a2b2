import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected loadConfig to throw a ConfigError');
}

describe('loadConfig', () => {
  test('an empty environment gives the embedded defaults', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      env: 'production',
      host: '0.0.0.0',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      database: { kind: 'pglite', dataDir: path.resolve('./data/db') },
      mail: { transport: 'outbox', dir: path.resolve('./data/outbox'), from: 'Tutorly <no-reply@tutorly.local>' },
      uploadsDir: path.resolve('./data/uploads'),
      initialAdmin: { email: undefined, password: undefined, name: 'Administrator' },
      logLevel: 'info',
      trustProxy: false,
      secureCookies: false,
    });
  });

  test('names every bad variable in one error', () => {
    const error = configError({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'nope' });

    expect(error.problems).toHaveLength(3);
    expect(error.problems.map((p) => p.split(':')[0]).sort()).toEqual(['DATABASE_URL', 'PORT', 'SMTP_URL']);
    for (const key of ['PORT', 'DATABASE_URL', 'SMTP_URL']) expect(error.message).toContain(`  - ${key}: `);
  });

  test.each([
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'ftp://tutorly.example'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['TRUST_PROXY', 'yes'],
  ])('refuses %s=%s', (key, value) => {
    expect(configError({ [key]: value }).problems).toEqual([expect.stringMatching(new RegExp(`^${key}: `))]);
  });

  test('ADMIN_PASSWORD needs ADMIN_EMAIL, and at least 8 characters', () => {
    expect(configError({ ADMIN_PASSWORD: 'long-enough-1' }).problems).toEqual(['ADMIN_EMAIL: is required when ADMIN_PASSWORD is set']);
    expect(configError({ ADMIN_EMAIL: 'dean@uni.example', ADMIN_PASSWORD: 'short' }).problems).toEqual([
      'ADMIN_PASSWORD: must be at least 8 characters',
    ]);
  });

  test('a PostgreSQL URL and an SMTP URL switch the engine and the mail transport', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://tutorly:pw@db.internal:5432/tutorly',
      DATABASE_POOL_SIZE: '25',
      SMTP_URL: 'smtps://mailer:pw@mail.uni.example',
      DATA_DIR: '/srv/tutorly',
    });

    expect(config.database).toEqual({ kind: 'postgres', url: 'postgresql://tutorly:pw@db.internal:5432/tutorly', poolSize: 25 });
    expect(config.mail).toMatchObject({ transport: 'smtp', url: 'smtps://mailer:pw@mail.uni.example' });
    expect(config.uploadsDir).toBe('/srv/tutorly/uploads');
  });

  test('empty strings count as unset, as in a .env file with blank lines', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', ADMIN_EMAIL: '' });

    expect(config.database.kind).toBe('pglite');
    expect(config.mail.transport).toBe('outbox');
    expect(config.initialAdmin.email).toBeUndefined();
  });

  test('an HTTPS public address turns on Secure cookies and drops a trailing slash', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://tutors.uni.example/', TRUST_PROXY: 'true' });

    expect(config).toMatchObject({ publicUrl: 'https://tutors.uni.example', secureCookies: true, trustProxy: true });
  });
});
