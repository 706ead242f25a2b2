import type { UserRow } from '../../src/server/db/schema';
import type { TestApp } from './app';
import { login } from './auth';
import { createAdminRecord, createUserRecord } from './factories';
import { type Method, request } from './requests';

/** A signed-in user and the session cookie a browser would send. */
export interface Actor {
  user: UserRow;
  cookie: string;
}

export async function signedInStudent(t: TestApp, name = 'Test Student'): Promise<Actor> {
  const { user, password } = await createUserRecord(t.db, { name, verified: true });
  return { user, cookie: await login(t.app, { email: user.email, password }) };
}

export async function signedInAdmin(t: TestApp, name = 'Test Admin'): Promise<Actor> {
  const { user, password } = await createAdminRecord(t.db, { name });
  return { user, cookie: await login(t.app, { email: user.email, password }) };
}

/** A request as `actor`, or anonymous without one: the short form of `request` for most tests. */
export function callAs(t: TestApp, actor: Actor | undefined, method: Method, url: string, payload?: object) {
  return request(t.app, method, url, { as: actor, payload });
}
