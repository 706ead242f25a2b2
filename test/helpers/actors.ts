import type { UserRow } from '../../src/server/db/schema';
import { sessionCookieName } from '../../src/server/plugins/auth';
import { createSession } from '../../src/server/services/accounts/sessions';
import type { SessionSecondFactor } from '../../src/shared/second-factor';
import type { TestApp } from './app';
import { createAdminRecord, createUserRecord } from './factories';
import { type Method, request } from './requests';

/** A signed-in user and the session cookie a browser would send. */
export interface Actor {
  user: UserRow;
  cookie: string;
}

/**
 * A verified student with a session made through the session service, as a login makes it: tests
 * of something else skip the password check, which the tests of login itself make for real.
 */
export async function signedInStudent(t: TestApp, name = 'Test Student'): Promise<Actor> {
  const { user } = await createUserRecord(t.db, { name, verified: true });
  return { user, cookie: await sessionCookieFor(t, user.id) };
}

/**
 * An administrator whose session has passed a second factor, made through the session service:
 * tests of something else skip the sign-in's steps, which second-factor.test.ts covers for real.
 */
export async function signedInAdmin(t: TestApp, name = 'Test Admin'): Promise<Actor> {
  const { user } = await createAdminRecord(t.db, { name });
  return { user, cookie: await sessionCookieFor(t, user.id, 'passed') };
}

/** A session of the account, started where `secondFactor` says, as the Cookie header a browser would send. */
export async function sessionCookieFor(
  t: TestApp,
  userId: string,
  secondFactor: SessionSecondFactor = 'not_asked',
): Promise<string> {
  const session = await createSession(t.db, userId, t.app.clock(), { secondFactor });
  return `${sessionCookieName(t.app.config)}=${session.token}`;
}

/** A request as `actor`, or anonymous without one: the short form of `request` for most tests. */
export function callAs(t: TestApp, actor: Actor | undefined, method: Method, url: string, payload?: object) {
  return request(t.app, method, url, { as: actor, payload });
}
