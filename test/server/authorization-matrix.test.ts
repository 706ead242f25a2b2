import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/fake-openai';
import { createTestApp, type TestApp } from '../helpers/app';
import { startOpenIdProvider, type TestOpenIdProvider } from '../helpers/openid-provider';
import { createWorld, type World, type WorldActor, worldActors } from '../helpers/authorization-world';
import { type DocumentedOperation, documentedOperations, fetchOpenApi, fillPath, withQuery } from '../helpers/openapi';
import { authorizationMatrix, type MatrixEntry } from './authorization-matrix.expected';
import { request } from '../helpers/requests';

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
  for (const operation of documented) {
    const entry = authorizationMatrix[operation.key];
    if (!entry) continue;
    expected[operation.key] = asRow(entry.statuses);
    const statuses: number[] = [];
    // A world per request, so whatever one deletes, disables or signs out touches no other;
    // reads change nothing, so the actors of a GET share one.
    let shared: World | undefined;
    for (const actor of worldActors) {
      const world =
        operation.method === 'GET' ? (shared ??= await createWorld(t, 'matrix')) : await createWorld(t, 'matrix');
      const response = await callAsActor(operation.key, entry, actor, world);
      statuses.push(response.statusCode);
      if (response.statusCode >= 400 && !isApiError(response))
        badErrorBodies.push(`${operation.key} as ${actor}: ${response.statusCode} ${response.body.slice(0, 200)}`);
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
