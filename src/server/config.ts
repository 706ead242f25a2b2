import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isAddressOrRange, type TrustProxy } from './lib/client-address';
import type { S3StoreOptions } from './storage/s3-store';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const TRUST_PROXY_MESSAGE =
  'must be false, a number of proxy hops (1 for one reverse proxy; true means 1), or a comma-separated list of proxy addresses or CIDR ranges (10.0.0.0/8, fd00::/8, loopback)';

/**
 * Which proxies may say who the client is. `true` once trusted every X-Forwarded-For entry, so a
 * client could name any address it liked; it now means the one proxy in front, whose entry
 * (the rightmost) is the only one a client cannot forge.
 */
const trustProxySetting = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = value ?? '';
    if (text === '' || text === 'false' || text === '0') return false;
    if (text === 'true') return 1;
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops >= 1 && hops <= 10) return hops;
    } else {
      const entries = text.split(',').map((entry) => entry.trim());
      if (entries.every(isAddressOrRange)) return entries;
    }
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  });

const DURATION_UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A limit written as requests per period, e.g. `10/15m`: at most 10 in any 15 minutes. */
const rateLimitRule = (fallback: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx): RateLimitRule => {
      const text = value || fallback;
      const match = /^(\d+)\s*\/\s*(\d+)\s*([smhd])$/.exec(text);
      const limit = match ? Number(match[1]) : NaN;
      const windowMs = match ? Number(match[2]) * DURATION_UNIT_MS[match[3] as keyof typeof DURATION_UNIT_MS] : NaN;
      if (!(limit >= 1 && limit <= 1_000_000_000) || !(windowMs >= 1_000 && windowMs <= 7 * DURATION_UNIT_MS.d)) {
        ctx.addIssue({
          code: 'custom',
          message: `must be requests per period, such as ${fallback} (a count from 1, a period from 1s to 7d in s, m, h or d)`,
        });
        return z.NEVER;
      }
      return { limit, windowMs };
    });

/** A length of time such as `3d`, `12h` or `30m`, between 5 minutes and the 7-day session lifetime. */
const sessionIdleTimeout = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): number => {
    const text = value || '3d';
    const match = /^(\d+)\s*([smhd])$/.exec(text);
    const ms = match ? Number(match[1]) * DURATION_UNIT_MS[match[2] as keyof typeof DURATION_UNIT_MS] : NaN;
    if (!(ms >= 5 * DURATION_UNIT_MS.m && ms <= 7 * DURATION_UNIT_MS.d)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a length of time such as 3d, 12h or 30m, from 5m to 7d',
      });
      return z.NEVER;
    }
    return ms;
  });

const BYTE_UNITS = { KB: 1_000, MB: 1_000_000, GB: 1_000_000_000 } as const;

/**
 * An amount of data per period, e.g. `200MB/1d`. The limit is kept in kibibytes: a counter that
 * adds up a day's uploads in bytes could pass the 32-bit range of the counters' column.
 */
const byteQuotaRule = (fallback: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx): RateLimitRule => {
      const text = value || fallback;
      const match = /^(\d+)\s*(KB|MB|GB)\s*\/\s*(\d+)\s*([smhd])$/i.exec(text);
      const bytes = match ? Number(match[1]) * BYTE_UNITS[match[2]!.toUpperCase() as keyof typeof BYTE_UNITS] : NaN;
      const windowMs = match ? Number(match[3]) * DURATION_UNIT_MS[match[4] as keyof typeof DURATION_UNIT_MS] : NaN;
      if (
        !(bytes >= 1_000_000 && bytes <= 1_000_000_000_000) ||
        !(windowMs >= 1_000 && windowMs <= 7 * DURATION_UNIT_MS.d)
      ) {
        ctx.addIssue({
          code: 'custom',
          message: `must be an amount per period, such as ${fallback} (from 1MB to 1000GB in KB, MB or GB; a period from 1s to 7d in s, m, h or d)`,
        });
        return z.NEVER;
      }
      return { limit: Math.floor(bytes / 1024), windowMs };
    });

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    DATA_DIR: z.string().default('./data'),
    STORAGE_DRIVER: z.enum(['disk', 's3']).default('disk'),
    S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    S3_REGION: optionalString,
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '']).optional(),
    DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DATABASE_WRITE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(4),
    SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
    MAIL_FROM: z.string().default('Tutorly <no-reply@tutorly.local>'),
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    ADMIN_NAME: optionalString,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(LOG_FORMATS).optional(),
    READ_CACHE: z.enum(['on', 'off']).default('on'),
    METRICS_TOKEN: optionalString.pipe(
      z.string().min(16, 'must be at least 16 characters (a long random string)').optional(),
    ),
    METRICS_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    OTEL_SERVICE_NAME: z.string().trim().min(1).default('tutorly'),
    TRUST_PROXY: trustProxySetting,
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    CONNECTION_TIMEOUT_SECONDS: z.coerce
      .number()
      .int()
      .min(20, 'must be at least 20 (an AI draft stream is silent for up to 15 s between keep-alives)')
      .max(3600)
      .default(60),
    MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(4000),
    MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(100),
    AI_PROVIDER: z.enum(['gemini', 'openai-compatible', 'none', '']).optional(),
    GEMINI_API_KEY: optionalString,
    GEMINI_MODEL: optionalString,
    GEMINI_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    AI_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    AI_API_KEY: optionalString,
    AI_MODEL: optionalString,
    AI_DRAFTS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
    AI_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(60),
    AI_MAX_CONCURRENT_DRAFTS: z.coerce.number().int().min(1).max(10_000).default(20),
    AI_SUMMARY_INTERVAL_SECONDS: z.coerce.number().min(1).max(86_400).default(300),
    SESSION_IDLE_TIMEOUT: sessionIdleTimeout,
    OIDC_ISSUER: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_BUTTON_LABEL: optionalString.pipe(z.string().max(60, 'must be at most 60 characters').optional()),
    OIDC_SCOPES: optionalString,
    RATE_LIMIT_LOGIN_PER_ACCOUNT: rateLimitRule('10/15m'),
    RATE_LIMIT_LOGIN_PER_IP: rateLimitRule('30/15m'),
    RATE_LIMIT_SIGNUP_PER_IP: rateLimitRule('10/1h'),
    RATE_LIMIT_RESEND_PER_IP: rateLimitRule('5/1h'),
    RATE_LIMIT_WRITES_PER_USER: rateLimitRule('300/10m'),
    RATE_LIMIT_SIGNUP_NOTICES_PER_ADDRESS: rateLimitRule('3/1d'),
    RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS: rateLimitRule('3/1h'),
    RATE_LIMIT_PASSWORD_RESET_PER_IP: rateLimitRule('10/1h'),
    RATE_LIMIT_CAMPUS_START_PER_IP: rateLimitRule('60/15m'),
    RATE_LIMIT_UPLOADS_PER_USER: rateLimitRule('30/1h'),
    RATE_LIMIT_UPLOAD_BYTES_PER_USER: byteQuotaRule('200MB/1d'),
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_PASSWORD && !env.ADMIN_EMAIL) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'is required when ADMIN_PASSWORD is set' });
    }
    if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_CLIENT_ID'], message: 'is required when OIDC_ISSUER is set' });
    }
    if (!env.OIDC_ISSUER && env.OIDC_CLIENT_ID) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'is required when OIDC_CLIENT_ID is set' });
    }
    if (env.OIDC_ISSUER && !isSecureOrLoopback(env.OIDC_ISSUER)) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'must be an https:// address (plain http only on this machine: localhost or 127.0.0.1)',
      });
    }
    if (env.OIDC_SCOPES && !env.OIDC_SCOPES.split(/\s+/).includes('openid')) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_SCOPES'], message: 'must include openid' });
    }
    if (env.STORAGE_DRIVER === 's3') {
      for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[name])
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when STORAGE_DRIVER is s3' });
      }
    }
    const provider = chosenAiProvider(env);
    if (env.AI_PROVIDER === 'gemini' && !env.GEMINI_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['GEMINI_API_KEY'], message: 'is required when AI_PROVIDER is gemini' });
    }
    if (provider === 'openai-compatible') {
      if (!env.AI_BASE_URL)
        ctx.addIssue({
          code: 'custom',
          path: ['AI_BASE_URL'],
          message: 'is required for an OpenAI-compatible provider',
        });
      if (!env.AI_MODEL)
        ctx.addIssue({ code: 'custom', path: ['AI_MODEL'], message: 'is required when AI_BASE_URL is set' });
    }
  });

/** Gemini when its key is set, else the OpenAI-compatible endpoint when its address is; AI_PROVIDER decides when both are. */
function chosenAiProvider(env: {
  AI_PROVIDER?: string;
  GEMINI_API_KEY?: string;
  AI_BASE_URL?: string;
}): 'gemini' | 'openai-compatible' | null {
  if (env.AI_PROVIDER === 'none') return null;
  if (env.AI_PROVIDER === 'gemini' || env.AI_PROVIDER === 'openai-compatible') return env.AI_PROVIDER;
  if (env.GEMINI_API_KEY) return 'gemini';
  if (env.AI_BASE_URL) return 'openai-compatible';
  return null;
}

/** Campus sign-in talks to its provider over HTTPS, except to one on this machine (a development or test provider). */
function isSecureOrLoopback(address: string): boolean {
  const url = new URL(address);
  return url.protocol === 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

export const DEFAULT_CAMPUS_BUTTON_LABEL = 'Sign in with your university';
const DEFAULT_CAMPUS_SCOPES = 'openid email profile';

/** Google retires Flash models every year or so; this alias always names the current one. */
const DEFAULT_GEMINI_MODEL = 'gemini-flash-latest';

/** Every environment variable Tutorly reads; README and .env.example document each one. */
export const configVariables = Object.keys(envSchema.shape) as (keyof typeof envSchema.shape)[];

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** The address users reach the site at; links in mails point here. */
  publicUrl: string;
  dataDir: string;
  database:
    { kind: 'postgres'; url: string; poolSize: number; writePoolSize: number } | { kind: 'pglite'; dataDir: string };
  mail: { transport: 'smtp'; url: string; from: string } | { transport: 'outbox'; dir: string; from: string };
  /** DATA_DIR/uploads: the disk store's folder, and what `npm run storage:copy` copies from. */
  uploadsDir: string;
  /** Where pictures are kept. */
  storage: StorageConfig;
  initialAdmin: { email?: string; password?: string; name: string };
  logLevel: string;
  /** JSON lines for machines, or readable lines for a person at a terminal. */
  logFormat: LogFormat;
  /** Whether answers read from the database are kept in memory; off serves every read from the database. */
  readCache: boolean;
  /** Null: no Prometheus metrics are served (the default: they are never public). */
  metrics: MetricsConfig | null;
  /** Null: no traces are recorded, and tracing costs nothing. */
  traces: TracesConfig | null;
  /** A session unused for this long ends, well before its 7-day lifetime. */
  sessionIdleTimeoutMs: number;
  /** Fastify's trustProxy: a number of proxy hops, or the proxies' addresses and ranges; false for none. */
  trustProxy: TrustProxy;
  /** Cookies get the Secure flag when the public address is HTTPS. */
  secureCookies: boolean;
  ai: AiConfig;
  /** Null: no campus sign-in, students sign in with a password. */
  campusSignIn: CampusSignInConfig | null;
  rateLimits: RateLimitsConfig;
  connections: ConnectionsConfig;
}

/** Where Prometheus scrapes: /metrics behind a bearer token, a port of its own on 127.0.0.1, or both. */
export interface MetricsConfig {
  /** Set: GET /metrics on the main port answers a request bearing this token. */
  token?: string | undefined;
  /** Set: a second listener on 127.0.0.1 serves /metrics to anyone on this machine. */
  port?: number | undefined;
}

/** OpenTelemetry traces sent over OTLP/HTTP. */
export interface TracesConfig {
  /** The collector's base address; spans go to <endpoint>/v1/traces. */
  endpoint: string;
  serviceName: string;
}

export type StorageConfig = { driver: 'disk'; dir: string } | ({ driver: 's3' } & S3StoreOptions);

/** The university's OpenID Provider (OIDC_* variables). */
export interface CampusSignInConfig {
  protocol: 'oidc';
  /** The issuer identifier; its discovery document is at <issuer>/.well-known/openid-configuration. */
  issuer: string;
  clientId: string;
  /** Absent for a public client, which PKCE alone protects. */
  clientSecret?: string | undefined;
  buttonLabel: string;
  scopes: string;
}

/** What one client, or all of them together, may hold of the server's connections and time. */
export interface ConnectionsConfig {
  /** The whole request, headers and body (uploads included), must arrive within this. */
  requestTimeoutMs: number;
  /** A connection on which nothing is sent or received for this long is closed. */
  idleTimeoutMs: number;
  /** Open connections of the whole process; more are refused as they arrive. */
  max: number;
  /** Open connections from one client address (IPv6: one /64); a trusted proxy's are not counted. */
  maxPerClient: number;
}

/** At most `limit` requests in a window of `windowMs` that opens with the first one. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimitsConfig {
  /** Failed logins for one email address, whoever tries. */
  loginPerAccount: RateLimitRule;
  /** Failed logins from one client address, whichever accounts. */
  loginPerIp: RateLimitRule;
  signupPerIp: RateLimitRule;
  resendVerificationPerIp: RateLimitRule;
  /** State-changing API requests of one signed-in user. */
  writesPerUser: RateLimitRule;
  /** Mails telling a taken address's owner that someone tried to sign up with it, per address. */
  signupNoticesPerAddress: RateLimitRule;
  /** 'Forgot password?' requests for one address, whoever asks. */
  passwordResetPerAddress: RateLimitRule;
  /** 'Forgot password?' requests from one client address, whichever addresses. */
  passwordResetPerIp: RateLimitRule;
  /**
   * Campus sign-ins started from one client address and not (yet) completed: each start stores
   * an attempt, and a completed sign-in stops counting, so a campus behind one address is not
   * held back by its own students.
   */
  campusStartPerIp: RateLimitRule;
  /** Pictures one user uploads: each costs the server a decode. */
  uploadsPerUser: RateLimitRule;
  /** The size of the pictures one user uploads, in kibibytes. */
  uploadKibibytesPerUser: RateLimitRule;
}

export type AiProviderConfig =
  | { kind: 'gemini'; apiKey: string; model: string; baseUrl?: string }
  | { kind: 'openai-compatible'; baseUrl: string; apiKey?: string; model: string };

export interface AiConfig {
  /** Null: drafting is off, and the review form says so. */
  provider: AiProviderConfig | null;
  draftsPerHour: number;
  /** A draft that takes longer is stopped and reported as timed out. */
  timeoutMs: number;
  /** Drafts this instance runs at once; one more is refused until one ends. */
  maxConcurrentDrafts: number;
  /** How often the background task looks for tutors whose review summary is due. */
  summaryIntervalMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads ./.env into the environment, if there is one; variables already set win. */
export function loadDotEnv(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/**
 * Parses the environment once; every bad variable is named in one error. Logs are readable lines
 * when nobody chose a format and standard output is a terminal (someone is watching), JSON
 * otherwise (a service manager, a container, a file).
 */
export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  stdoutIsTerminal: boolean = process.stdout.isTTY === true,
): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    dataDir,
    database: env.DATABASE_URL
      ? {
          kind: 'postgres',
          url: env.DATABASE_URL,
          poolSize: env.DATABASE_POOL_SIZE,
          writePoolSize: env.DATABASE_WRITE_POOL_SIZE,
        }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    mail: env.SMTP_URL
      ? { transport: 'smtp', url: env.SMTP_URL, from: env.MAIL_FROM }
      : { transport: 'outbox', dir: path.join(dataDir, 'outbox'), from: env.MAIL_FROM },
    uploadsDir: path.join(dataDir, 'uploads'),
    storage:
      env.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: env.S3_ENDPOINT,
            // Self-hosted servers accept any region; us-east-1 is what they expect when none is named.
            region: env.S3_REGION ?? 'us-east-1',
            bucket: env.S3_BUCKET!,
            accessKeyId: env.S3_ACCESS_KEY_ID!,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
          }
        : { driver: 'disk', dir: path.join(dataDir, 'uploads') },
    initialAdmin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME ?? 'Administrator' },
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (stdoutIsTerminal ? 'pretty' : 'json'),
    readCache: env.READ_CACHE === 'on',
    metrics:
      env.METRICS_TOKEN || env.METRICS_PORT !== undefined ? { token: env.METRICS_TOKEN, port: env.METRICS_PORT } : null,
    traces: env.OTEL_EXPORTER_OTLP_ENDPOINT
      ? { endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, ''), serviceName: env.OTEL_SERVICE_NAME }
      : null,
    sessionIdleTimeoutMs: env.SESSION_IDLE_TIMEOUT,
    trustProxy: env.TRUST_PROXY,
    secureCookies: publicUrl.startsWith('https://'),
    ai: {
      provider: aiProviderConfig(env),
      draftsPerHour: env.AI_DRAFTS_PER_HOUR,
      timeoutMs: Math.round(env.AI_TIMEOUT_SECONDS * 1000),
      maxConcurrentDrafts: env.AI_MAX_CONCURRENT_DRAFTS,
      summaryIntervalMs: Math.round(env.AI_SUMMARY_INTERVAL_SECONDS * 1000),
    },
    campusSignIn: env.OIDC_ISSUER
      ? {
          protocol: 'oidc',
          issuer: env.OIDC_ISSUER,
          clientId: env.OIDC_CLIENT_ID!,
          clientSecret: env.OIDC_CLIENT_SECRET,
          buttonLabel: env.OIDC_BUTTON_LABEL ?? DEFAULT_CAMPUS_BUTTON_LABEL,
          scopes: env.OIDC_SCOPES?.trim().split(/\s+/).join(' ') ?? DEFAULT_CAMPUS_SCOPES,
        }
      : null,
    connections: {
      requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: env.CONNECTION_TIMEOUT_SECONDS * 1000,
      max: env.MAX_CONNECTIONS,
      maxPerClient: env.MAX_CONNECTIONS_PER_CLIENT,
    },
    rateLimits: {
      loginPerAccount: env.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      loginPerIp: env.RATE_LIMIT_LOGIN_PER_IP,
      signupPerIp: env.RATE_LIMIT_SIGNUP_PER_IP,
      resendVerificationPerIp: env.RATE_LIMIT_RESEND_PER_IP,
      writesPerUser: env.RATE_LIMIT_WRITES_PER_USER,
      signupNoticesPerAddress: env.RATE_LIMIT_SIGNUP_NOTICES_PER_ADDRESS,
      passwordResetPerAddress: env.RATE_LIMIT_PASSWORD_RESET_PER_ADDRESS,
      passwordResetPerIp: env.RATE_LIMIT_PASSWORD_RESET_PER_IP,
      campusStartPerIp: env.RATE_LIMIT_CAMPUS_START_PER_IP,
      uploadsPerUser: env.RATE_LIMIT_UPLOADS_PER_USER,
      uploadKibibytesPerUser: env.RATE_LIMIT_UPLOAD_BYTES_PER_USER,
    },
  };
}

function aiProviderConfig(env: z.infer<typeof envSchema>): AiProviderConfig | null {
  switch (chosenAiProvider(env)) {
    case 'gemini':
      return {
        kind: 'gemini',
        apiKey: env.GEMINI_API_KEY!,
        model: env.GEMINI_MODEL ?? DEFAULT_GEMINI_MODEL,
        baseUrl: env.GEMINI_BASE_URL,
      };
    case 'openai-compatible':
      return { kind: 'openai-compatible', baseUrl: env.AI_BASE_URL!, apiKey: env.AI_API_KEY, model: env.AI_MODEL! };
    default:
      return null;
  }
}
