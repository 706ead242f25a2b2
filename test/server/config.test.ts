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

  test('logs are JSON unless standard output is a terminal or LOG_FORMAT asks for readable lines', () => {
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
  });

  test('metrics and traces are off unless a token, a port or a collector is named', () => {
    const quiet = loadConfig({ METRICS_TOKEN: '', METRICS_PORT: '', OTEL_EXPORTER_OTLP_ENDPOINT: '' });
    expect(quiet.metrics).toBeNull();
    expect(quiet.traces).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-random-scrape-token' }).metrics).toEqual({
      token: 'a-long-random-scrape-token',
      port: undefined,
    });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ token: undefined, port: 9464 });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318/' }).traces).toEqual({
      endpoint: 'http://127.0.0.1:4318',
      serviceName: 'tutorly',
    });
  });

  test.each([
    ['PORT', '70000'],
    ['METRICS_TOKEN', 'short'],
    ['METRICS_PORT', 'ninety'],
    ['METRICS_PORT', '70000'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'grpc://collector:4317'],
    ['LOG_LEVEL', 'loud'],
    ['LOG_FORMAT', 'xml'],
    ['PUBLIC_URL', 'ftp://tutorly.example'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['TRUST_PROXY', 'yes'],
    ['SESSION_IDLE_TIMEOUT', '1m'],
    ['SESSION_IDLE_TIMEOUT', '8d'],
    ['SESSION_IDLE_TIMEOUT', 'forever'],
  ])('refuses %s=%s', (key, value) => {
    expect(configError({ [key]: value }).problems).toEqual([expect.stringMatching(new RegExp(`^${key}: `))]);
  });

  test('ADMIN_PASSWORD needs ADMIN_EMAIL, and at least 8 characters', () => {
    expect(configError({ ADMIN_PASSWORD: 'long-enough-1' }).problems).toEqual([
      'ADMIN_EMAIL: is required when ADMIN_PASSWORD is set',
    ]);
    expect(configError({ ADMIN_EMAIL: 'dean@uni.example', ADMIN_PASSWORD: 'short' }).problems).toEqual([
      'ADMIN_PASSWORD: must be at least 8 characters',
    ]);
  });

  test('a PostgreSQL URL and an SMTP URL switch the engine and the mail transport', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://tutorly:pw@db.internal:5432/tutorly',
      DATABASE_POOL_SIZE: '25',
      DATABASE_WRITE_POOL_SIZE: '6',
      SMTP_URL: 'smtps://mailer:pw@mail.uni.example',
      DATA_DIR: '/srv/tutorly',
    });

    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgresql://tutorly:pw@db.internal:5432/tutorly',
      poolSize: 25,
      writePoolSize: 6,
    });
    expect(config.mail).toMatchObject({ transport: 'smtp', url: 'smtps://mailer:pw@mail.uni.example' });
    expect(config.uploadsDir).toBe('/srv/tutorly/uploads');
  });

  test('empty strings count as unset, as in a .env file with blank lines', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', ADMIN_EMAIL: '' });

    expect(config.database.kind).toBe('pglite');
    expect(config.mail.transport).toBe('outbox');
    expect(config.initialAdmin.email).toBeUndefined();
  });

  test('sessions end after 3 idle days unless SESSION_IDLE_TIMEOUT says otherwise', () => {
    expect(loadConfig({}).sessionIdleTimeoutMs).toBe(3 * 24 * 3600 * 1000);
    expect(loadConfig({ SESSION_IDLE_TIMEOUT: '12h' }).sessionIdleTimeoutMs).toBe(12 * 3600 * 1000);
  });

  test('an HTTPS public address turns on Secure cookies and drops a trailing slash', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://tutors.uni.example/', TRUST_PROXY: 'true' });

    expect(config).toMatchObject({ publicUrl: 'https://tutors.uni.example', secureCookies: true, trustProxy: 1 });
  });

  describe('AI drafting', () => {
    test('is off without a provider, with 10 drafts an hour, 60 seconds per draft and 20 at once', () => {
      expect(loadConfig({}).ai).toEqual({
        provider: null,
        draftsPerHour: 10,
        timeoutMs: 60_000,
        maxConcurrentDrafts: 20,
        summaryIntervalMs: 300_000,
      });
      expect(loadConfig({ AI_MAX_CONCURRENT_DRAFTS: '3' }).ai.maxConcurrentDrafts).toBe(3);
      expect(() => loadConfig({ AI_MAX_CONCURRENT_DRAFTS: '0' })).toThrow(/AI_MAX_CONCURRENT_DRAFTS/);
    });

    test("a Gemini key turns on Gemini with Google's current Flash model unless one is named", () => {
      expect(loadConfig({ GEMINI_API_KEY: 'k-1' }).ai.provider).toEqual({
        kind: 'gemini',
        apiKey: 'k-1',
        model: 'gemini-flash-latest',
        baseUrl: undefined,
      });
      expect(
        loadConfig({
          GEMINI_API_KEY: 'k-1',
          GEMINI_MODEL: 'gemini-3.6-flash',
          GEMINI_BASE_URL: 'https://proxy.uni.example',
        }).ai.provider,
      ).toEqual({ kind: 'gemini', apiKey: 'k-1', model: 'gemini-3.6-flash', baseUrl: 'https://proxy.uni.example' });
    });

    test('an OpenAI-compatible address turns on the self-hosted provider, and needs a model', () => {
      expect(loadConfig({ AI_BASE_URL: 'http://gpu.uni.example:11434/v1', AI_MODEL: 'llama3.2' }).ai.provider).toEqual({
        kind: 'openai-compatible',
        baseUrl: 'http://gpu.uni.example:11434/v1',
        apiKey: undefined,
        model: 'llama3.2',
      });
      expect(configError({ AI_BASE_URL: 'http://gpu.uni.example:11434/v1' }).problems).toEqual([
        'AI_MODEL: is required when AI_BASE_URL is set',
      ]);
    });

    test('AI_PROVIDER chooses when both are set, and can turn drafting off', () => {
      const both = { GEMINI_API_KEY: 'k-1', AI_BASE_URL: 'http://gpu.uni.example/v1', AI_MODEL: 'm' };
      expect(loadConfig(both).ai.provider?.kind).toBe('gemini');
      expect(loadConfig({ ...both, AI_PROVIDER: 'openai-compatible' }).ai.provider?.kind).toBe('openai-compatible');
      expect(loadConfig({ ...both, AI_PROVIDER: 'none' }).ai.provider).toBeNull();
      expect(configError({ AI_PROVIDER: 'gemini' }).problems).toEqual([
        'GEMINI_API_KEY: is required when AI_PROVIDER is gemini',
      ]);
      expect(configError({ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'm' }).problems).toEqual([
        'AI_BASE_URL: is required for an OpenAI-compatible provider',
      ]);
    });

    test.each([
      ['AI_DRAFTS_PER_HOUR', '0'],
      ['AI_TIMEOUT_SECONDS', '-1'],
      ['AI_SUMMARY_INTERVAL_SECONDS', '0'],
      ['AI_BASE_URL', 'gpu.uni.example'],
      ['AI_PROVIDER', 'claude'],
    ])('refuses %s=%s', (key, value) => {
      expect(configError({ [key]: value, AI_MODEL: 'm' }).problems).toEqual([
        expect.stringMatching(new RegExp(`^${key}: `)),
      ]);
    });

    test('limits and time limit are read', () => {
      expect(loadConfig({ AI_DRAFTS_PER_HOUR: '3', AI_TIMEOUT_SECONDS: '1.5' }).ai).toMatchObject({
        draftsPerHour: 3,
        timeoutMs: 1500,
      });
    });
  });

  describe('connections', () => {
    test('have timeouts and ceilings by default', () => {
      expect(loadConfig({}).connections).toEqual({
        requestTimeoutMs: 120_000,
        idleTimeoutMs: 60_000,
        max: 4000,
        maxPerClient: 100,
      });
    });

    test.each([
      ['REQUEST_TIMEOUT_SECONDS', '0'],
      ['CONNECTION_TIMEOUT_SECONDS', '5'],
      ['MAX_CONNECTIONS', '0'],
      ['MAX_CONNECTIONS_PER_CLIENT', 'many'],
    ])('refuses %s=%s', (key, value) => {
      expect(configError({ [key]: value }).problems).toEqual([expect.stringMatching(new RegExp(`^${key}: `))]);
    });
  });

  describe('picture storage', () => {
    const s3 = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'tutorly-pictures',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret-that-must-not-show',
    };

    test('is the disk under DATA_DIR by default', () => {
      expect(loadConfig({ DATA_DIR: '/srv/tutorly' }).storage).toEqual({ driver: 'disk', dir: '/srv/tutorly/uploads' });
    });

    test('s3 reads the bucket, credentials, endpoint and path style', () => {
      expect(
        loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'true' })
          .storage,
      ).toEqual({
        driver: 's3',
        endpoint: 'http://127.0.0.1:9000',
        region: 'eu-west-3',
        bucket: 'tutorly-pictures',
        accessKeyId: 'AKIAEXAMPLE',
        secretAccessKey: 'secret-that-must-not-show',
        forcePathStyle: true,
      });
      // AWS itself: no endpoint, virtual-hosted buckets, the region S3 assumes.
      expect(loadConfig(s3).storage).toMatchObject({ endpoint: undefined, region: 'us-east-1', forcePathStyle: false });
    });

    test('s3 without its bucket or credentials refuses to start, naming each missing variable', () => {
      const error = configError({ STORAGE_DRIVER: 's3' });

      expect(error.problems).toEqual([
        'S3_BUCKET: is required when STORAGE_DRIVER is s3',
        'S3_ACCESS_KEY_ID: is required when STORAGE_DRIVER is s3',
        'S3_SECRET_ACCESS_KEY: is required when STORAGE_DRIVER is s3',
      ]);
    });

    test.each([
      ['STORAGE_DRIVER', 'nfs'],
      ['S3_ENDPOINT', 'minio:9000'],
      ['S3_FORCE_PATH_STYLE', 'yes'],
    ])('refuses %s=%s, never repeating the secret', (key, value) => {
      const error = configError({ ...s3, [key]: value });

      expect(error.problems).toEqual([expect.stringMatching(new RegExp(`^${key}: `))]);
      expect(error.message).not.toContain(s3.S3_SECRET_ACCESS_KEY);
    });
  });
});
