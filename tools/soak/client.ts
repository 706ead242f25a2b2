import { Secret, TOTP } from 'otpauth';
import type { LoginResponse } from '../../src/shared/account';
import { apiPaths } from '../../src/shared/api-paths';
import type { Enrolled, TotpEnrolment } from '../../src/shared/second-factor';
import type { TrafficKind, TrafficRecorder } from './stats';

/** Longer than any answer should take under load; a request still waiting then counts as failed. */
const REQUEST_TIMEOUT_MS = 30_000;

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A request that did not get the answer it expected; already counted when it happened during traffic. */
export class UnexpectedAnswerError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UnexpectedAnswerError';
  }
}

interface RequestOptions {
  /** What the request is counted as during traffic; seeding requests are not counted. */
  kind?: TrafficKind;
  method?: 'GET' | 'POST' | 'PATCH';
  json?: unknown;
  form?: FormData;
  /** The one status that counts as success. */
  expect?: number;
}

/**
 * One signed-in (or not yet signed-in) user of the API: keeps its own session cookie, and sends
 * the Origin a browser on the site would send, so same-origin checks on writes let it through.
 */
export class ApiClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    /** Counts the requests of the traffic phase; seeding runs without one and stops at the first failure. */
    private readonly recorder?: TrafficRecorder,
  ) {}

  get<T>(path: string, kind?: TrafficKind): Promise<T> {
    return this.request<T>(path, { kind });
  }

  async logIn(email: string, password: string, kind?: TrafficKind): Promise<void> {
    const signedIn = await this.request<LoginResponse>('/api/auth/login', {
      kind,
      method: 'POST',
      json: { email, password },
    });
    if (!this.cookies.size) throw new UnexpectedAnswerError(`logging in as ${email} set no session cookie`);
    await this.passSecondFactor(signedIn.secondFactorStep, kind);
  }

  /** Recovery codes of this client's account once it has set up a second factor: a later sign-in spends one. */
  private recoveryCodes: string[] = [];

  /**
   * An administrator where the site requires a second factor takes the real step, as a person
   * with an authenticator app would: sets one up at the first sign-in (the app's code computed
   * from the secret), and spends a recovery code at a later one.
   */
  private async passSecondFactor(step: LoginResponse['secondFactorStep'], kind?: TrafficKind): Promise<void> {
    if (step === 'enrol') {
      const { secret } = await this.request<TotpEnrolment>(apiPaths.secondFactorTotpStart, { kind, method: 'POST' });
      const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
      const enrolled = await this.request<Enrolled>(apiPaths.secondFactorTotp, {
        kind,
        method: 'POST',
        json: { code, label: 'Soak authenticator' },
        expect: 201,
      });
      this.recoveryCodes = enrolled.recoveryCodes ?? [];
    } else if (step === 'verify') {
      const code = this.recoveryCodes.shift();
      if (!code) throw new UnexpectedAnswerError('a second factor is asked for, and this client set up none');
      await this.request(apiPaths.secondFactorVerify, { kind, method: 'POST', json: { code } });
    }
  }

  async request<T>(path: string, options: RequestOptions): Promise<T> {
    const { kind } = options;
    const method = options.method ?? 'GET';
    const expected = options.expect ?? 200;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (method !== 'GET') headers.origin = new URL(this.baseUrl).origin;
    let body: string | FormData | undefined = options.form;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const what = `${method} ${path.replace(/\?.*$/, '').replace(UUID, ':id')}`;

    const started = performance.now();
    let status: number;
    let text: string;
    try {
      const response = await fetch(this.baseUrl + path, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      this.keepCookies(response);
      status = response.status;
      text = await response.text();
    } catch (err) {
      this.record(kind, performance.now() - started);
      throw this.failure(kind, `${what} failed: ${networkErrorMessage(err)}`);
    }
    this.record(kind, performance.now() - started);
    if (status !== expected) throw this.failure(kind, `${what} answered ${status}: ${errorMessageOf(text)}`, status);
    if (!text) return null as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw this.failure(kind, `${what} answered ${status} with a body that is not JSON: ${text.slice(0, 80)}`, status);
    }
  }

  private record(kind: TrafficKind | undefined, ms: number): void {
    if (kind) this.recorder?.record(kind, ms);
  }

  private failure(kind: TrafficKind | undefined, what: string, status?: number): UnexpectedAnswerError {
    if (kind) this.recorder?.recordError(kind, what, status);
    return new UnexpectedAnswerError(what, status);
  }

  private keepCookies(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

function errorMessageOf(text: string): string {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === 'string') return message;
  } catch {
    // Not the API's JSON error: show the start of whatever it was.
  }
  return text.slice(0, 120) || '(empty body)';
}

function networkErrorMessage(err: unknown): string {
  if (err instanceof Error && err.name === 'TimeoutError') return `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err instanceof Error ? err.message : String(err)}${cause}`;
}
