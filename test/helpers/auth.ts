import type { LightMyRequestResponse } from 'fastify';
import type { Account } from '../../src/shared/account';
import { SESSION_COOKIE } from '../../src/server/plugins/auth';
import { findUserByEmail, toAccount } from '../../src/server/services/accounts/users';
import type { App } from '../../src/server/types';
import { DEFAULT_TEST_PASSWORD, uniqueEmail } from './factories';

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

export async function signUp(app: App, overrides: Partial<SignUpInput> = {}): Promise<SignUpResult> {
  const input: SignUpInput = {
    name: 'Ada Lovelace',
    email: uniqueEmail(),
    password: DEFAULT_TEST_PASSWORD,
    ...overrides,
  };
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: input });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  // The answer names no account (it is the same for a taken address), so the test reads it from the database.
  const user = await findUserByEmail(app.db, input.email);
  if (!user) throw new Error(`sign-up created no account for ${input.email}`);
  return { ...input, response, account: toAccount(user) };
}

/** Logs in and returns the Cookie header value to send with later requests. */
export async function login(app: App, { email, password }: { email: string; password: string }): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return cookieHeader(response);
}

/** `name=value` of the session cookie a response set, ready for a Cookie header. */
export function cookieHeader(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error('the response set no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

export async function getSessionAccount(app: App, cookie?: string): Promise<Account | null> {
  const response = await app.inject({ method: 'GET', url: '/api/session', headers: cookie ? { cookie } : {} });
  if (response.statusCode !== 200) throw new Error(`session failed: ${response.statusCode} ${response.body}`);
  return response.json<{ account: Account | null }>().account;
}
