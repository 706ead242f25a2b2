import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/fake-openai';
import { createTestApp, type TestApp } from '../helpers/app';
import { startOpenIdProvider, type TestOpenIdProvider } from '../helpers/openid-provider';
import {
  createWorld,
  mayHaveChangedWorld,
  refusalsCounted,
  type World,
  type WorldActor,
  worldActors,
} from '../helpers/authorization-world';
import { type DocumentedOperation, documentedOperations, fetchOpenApi, fillPath, withQuery } from '../helpers/openapi';
import { authorizationMatrix, type MatrixEntry } from './authorization-matrix.expected';
import { request } from '../helpers/requests';
import { sessionCookieFor } from '../helpers/actors';

// Every documented operation, called by each kind of visitor with a valid request, answers as
// authorization-matrix.expected.ts says.

let t: TestApp;
let openai: FakeOpenAi;
let university: TestOpenIdProvider;
let documented: DocumentedOperation[];
beforeAll(async () => {
  // Drafting and the provider check reach a model: a fake one on loopback, answering at once.
  openai = await startFakeOpenAi();
  openai.chunkDelayMs = 0;
  // Campus sign-in leaves for a real OpenID Provider on loopback.
  university = await startOpenIdProvider({ redirectUris: ['http://localhost:3000/api/auth/oidc/callback'] });
  t = await createTestApp({ env: { AI_BASE_URL: openai.url, AI_MODEL: 'llama3.2', ...university.env } });
  documented = documentedOperations(await fetchOpenApi(t.app));
});
afterAll(async () => {
  await t?.close();
  await openai?.close();
  await university?.close();
});

test('the table has an entry for every documented operation, and none for anything else', () => {
  const documentedKeys = documented.map((operation) => operation.key).sort();
  const tableKeys = Object.keys(authorizationMatrix).sort();
  expect(documentedKeys.length).toBeGreaterThan(50);
  expect
    .soft(
      documentedKeys.filter((key) => !(key in authorizationMatrix)),
      'documented operations missing from authorization-matrix.expected.ts',
    )
    .toEqual([]);
  expect
    .soft(
      tableKeys.filter((key) => !documentedKeys.includes(key)),
      'entries in authorization-matrix.expected.ts for operations the API no longer documents',
    )
    .toEqual([]);
});

async function callAsActor(
  key: string,
  entry: MatrixEntry,
  actor: WorldActor,
  world: World,
): Promise<LightMyRequestResponse> {
  const [method, path] = key.split(' ') as [DocumentedOperation['method'], string];
  const url = withQuery(fillPath(path, entry.params?.(world) ?? {}), entry.query?.(world));
  const cookie = world.cookies[actor];
  if (entry.multipart) {
    const { payload, headers } = await entry.multipart(world);
    return request(t.app, method, url, { as: cookie, headers, payload });
  }
  return request(t.app, method, url, { as: cookie, payload: entry.body?.(world) as object | undefined });
}

const asRow = (statuses: readonly number[]): Record<string, number> =>
  Object.fromEntries(worldActors.map((actor, i) => [actor, statuses[i]!]));

// One comparison of the whole table, so a failure shows every cell that changed at once.
test('every documented operation answers each actor as the table says', { timeout: 180_000 }, async () => {
  const actual: Record<string, Record<string, number>> = {};
  const expected: Record<string, Record<string, number>> = {};
  const badErrorBodies: string[] = [];
  expect(
    [...refusalsCounted].filter((key) => !(key in authorizationMatrix)),
    'refusalsCounted names operations the table does not have',
  ).toEqual([]);
  // Whatever a request deletes, disables or signs out must touch no other request, so the next
  // request gets a fresh world once one may have changed its own. Until then requests share one,
  // the next actor's and the next operation's alike; a refusal that wrongly changed something
  // would show as a later status differing from the table.
  let world: World | undefined;
  for (const operation of documented) {
    const entry = authorizationMatrix[operation.key];
    if (!entry) continue;
    expected[operation.key] = asRow(entry.statuses);
    const statuses: number[] = [];
    for (const actor of worldActors) {
      world ??= await createWorld(t, 'matrix');
      const response = await callAsActor(operation.key, entry, actor, world);
      statuses.push(response.statusCode);
      if (response.statusCode >= 400 && !isApiError(response))
        badErrorBodies.push(`${operation.key} as ${actor}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      if (mayHaveChangedWorld(operation.key, response.statusCode)) world = undefined;
    }
    actual[operation.key] = asRow(statuses);
  }
  expect(actual).toEqual(expected);
  expect(badErrorBodies, 'error answers not shaped { error: { code, message } }').toEqual([]);
});

function isApiError(response: LightMyRequestResponse): boolean {
  try {
    const body = response.json<{ error?: { code?: unknown; message?: unknown } }>();
    return (
      Object.keys(body).length === 1 && typeof body.error?.code === 'string' && typeof body.error.message === 'string'
    );
  } catch {
    return false;
  }
}

/** What a session held at its second factor still reaches (plugins/second-factor.ts); everything else under /api is refused. */
const reachableAtStep = {
  pending: [
    'GET /api/session',
    'GET /api/settings',
    'POST /api/auth/logout',
    'GET /api/second-factor',
    'POST /api/second-factor/verify',
    'POST /api/second-factor/verify/passkey/options',
    'POST /api/second-factor/verify/passkey',
  ],
  enrol: [
    'GET /api/session',
    'GET /api/settings',
    'POST /api/auth/logout',
    'GET /api/second-factor',
    'POST /api/account/password',
    'POST /api/second-factor/totp/start',
    'POST /api/second-factor/totp',
    'POST /api/second-factor/passkey/options',
    'POST /api/second-factor/passkey',
  ],
} as const;

test(
  "a session without its second factor: every administrator operation refuses it, and every other but the step's own",
  { timeout: 180_000 },
  async () => {
    const world = await createWorld(t, 'second-factor');
    const refusals = {
      pending: 'second_factor_required',
      enrol: 'second_factor_enrolment_required',
    } as const;
    const actual: string[] = [];
    const expected: string[] = [];
    for (const operation of documented.filter((o) => o.path.startsWith('/api/'))) {
      const entry = authorizationMatrix[operation.key]!;
      for (const state of ['pending', 'enrol', 'not_asked'] as const) {
        // A fresh session per request, so a logout or a password change touches no other; a
        // second later than the last, so the account's newest sessions kept are these.
        t.clock.advance(1000);
        const cookie = await sessionCookieFor(t, world.users.admin.id, state);
        const response = await callAsCookie(operation.key, entry, cookie, world);
        const code = response.statusCode >= 400 ? response.json<{ error: { code: string } }>().error.code : 'ok';
        const isAdminOperation = operation.path.startsWith('/api/admin/');
        if (state === 'not_asked') {
          // Signed in before being made an administrator (or before the requirement): a student's powers.
          if (!isAdminOperation) continue;
          actual.push(`${operation.key} ${state}: ${response.statusCode} ${code}`);
          expected.push(`${operation.key} ${state}: 403 forbidden`);
          continue;
        }
        const reachable = (reachableAtStep[state] as readonly string[]).includes(operation.key);
        actual.push(`${operation.key} ${state}: ${reachable ? 'reached' : `${response.statusCode} ${code}`}`);
        expected.push(`${operation.key} ${state}: ${reachable ? 'reached' : `403 ${refusals[state]}`}`);
        if (reachable && response.body)
          expect(response.json<{ error?: { code: string } }>().error?.code).not.toBe(refusals[state]);
      }
    }
    expect(actual.filter((line) => line.includes('/api/admin/')).length).toBeGreaterThan(30);
    expect(actual).toEqual(expected);
  },
);

async function callAsCookie(key: string, entry: MatrixEntry, cookie: string, world: World) {
  const [method, path] = key.split(' ') as [DocumentedOperation['method'], string];
  const url = withQuery(fillPath(path, entry.params?.(world) ?? {}), entry.query?.(world));
  if (entry.multipart) {
    const { payload, headers } = await entry.multipart(world);
    return request(t.app, method, url, { as: cookie, headers, payload });
  }
  return request(t.app, method, url, { as: cookie, payload: entry.body?.(world) as object | undefined });
}
