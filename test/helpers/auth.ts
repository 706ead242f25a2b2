import type { LightMyRequestResponse } from 'fastify';
import type { Account } from '../../src/shared/account';
import { HOST_SESSION_COOKIE, SESSION_COOKIE } from '../../src/server/plugins/auth';
import { findUserByEmail, toAccount } from '../../src/server/services/accounts/users';
import type { App } from '../../src/server/types';
import { apiPaths } from '../../src/shared/api-paths';
import { DEFAULT_TEST_PASSWORD, uniqueEmail } from './factories';
import { request, type RequestOptions } from './requests';

// Requests a browser would make, through the real HTTP layer (inject).

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

export interface SignUpResult extends SignUpInput {
  response: LightMyRequestResponse;
  account: Account;
}

/** The sign-up form's request, whatever its answer. */
export function postSignup(app: App, input: object, options: Omit<RequestOptions, 'payload'> = {}) {
  return request(app, 'POST', apiPaths.signup, { ...options, payload: input });
}

/** The login form's request, whatever its answer. */
export function postLogin(
  app: App,
  credentials: { email: string; password: string },
  options: Omit<RequestOptions, 'payload'> = {},
) {
  return request(app, 'POST', apiPaths.login, { ...options, payload: credentials });
}

/** The request the verification link's page makes, whatever its answer. */
export function postVerifyEmail(app: App, params: object) {
  return request(app, 'POST', apiPaths.verifyEmail, { payload: params });
}

/** How a login attempt ends: its status and, when refused, the error's code. */
export async function loginAttempt(
  app: App,
  credentials: { email: string; password: string },
): Promise<{ status: number; code: string | null }> {
  const response = await postLogin(app, credentials);
  return {
    status: response.statusCode,
    code: response.statusCode === 200 ? null : response.json<{ error: { code: string } }>().error.code,
  };
}

export async function signUp(app: App, overrides: Partial<SignUpInput> = {}): Promise<SignUpResult> {
  const input: SignUpInput = {
    name: 'Ada Lovelace',
    email: uniqueEmail(),
    password: DEFAULT_TEST_PASSWORD,
    ...overrides,
  };
  const response = await postSignup(app, input);
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  // The answer names no account (it is the same for a taken address), so the test reads it from the database.
  const user = await findUserByEmail(app.db, input.email);
  if (!user) throw new Error(`sign-up created no account for ${input.email}`);
  return { ...input, response, account: toAccount(user) };
}

/** Logs in and returns the Cookie header value to send with later requests. */
export async function login(app: App, { email, password }: { email: string; password: string }): Promise<string> {
  const response = await postLogin(app, { email, password });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return cookieHeader(response);
}

/** `name=value` of the session cookie a response set, ready for a Cookie header. */
export function cookieHeader(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE || c.name === HOST_SESSION_COOKIE);
  if (!cookie) throw new Error('the response set no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

export async function getSessionAccount(app: App, cookie?: string): Promise<Account | null> {
  const response = await request(app, 'GET', apiPaths.session, { as: cookie });
  if (response.statusCode !== 200) throw new Error(`session failed: ${response.statusCode} ${response.body}`);
  return response.json<{ account: Account | null }>().account;
}
