import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { BODY_LIMIT_BYTES } from '../../src/server/app';
import { MAX_UPLOAD_BYTES } from '../../src/shared/uploads';
import { apiPaths } from '../../src/shared/api-paths';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/fake-openai';
import { createTestApp, type TestApp } from '../helpers/app';
import { startOpenIdProvider } from '../helpers/openid-provider';
import { postLogin, postSignup } from '../helpers/auth';
import {
  createWorld,
  mayHaveChangedWorld,
  type World,
  type WorldActor,
  worldActors,
} from '../helpers/authorization-world';
import { createTutorRecord, uniqueEmail } from '../helpers/factories';
import { fileUploadBody, multipartBody } from '../helpers/multipart';
import { type DocumentedOperation, documentedOperations, fetchOpenApi, fillPath, withQuery } from '../helpers/openapi';
import { bodyFor, type GeneratedBody, pathSegment, queryFor, unknownKey } from '../helpers/request-arbitraries';
import { request } from '../helpers/requests';
import { sessionCookieFor } from '../helpers/actors';
import { fullTier } from '../helpers/test-tier';
import { authorizationMatrix } from './authorization-matrix.expected';

// Generated requests at every operation /api/openapi.json documents: the server never answers
// 5xx, never goes down, always answers errors as { error: { code, message, fields? } }; oversized bodies
// get 413; unknown fields are dropped or refused, never stored; Unicode text comes back as sent.
//
// Deterministic: fixed seeds (PROPERTY_SEED moves them all), printed by fast-check on failure
// with the path to replay the counterexample. `npm test` runs each property a few times, enough
// to reach every operation; `npm run test:full` at full strength. PROPERTY_RUNS sets the runs for
// a longer hunt.

const SEED = Number(process.env.PROPERTY_SEED ?? 20_250_607);
const RUNS = Number(process.env.PROPERTY_RUNS ?? (fullTier ? 24 : 6));
/** Bounds each test on a slow machine; the run count, not the clock, decides what is generated. */
const TEST_TIMEOUT_MS = 60_000;

/** A seed per property, from its name: adding an operation leaves the others' runs as they were. */
function seedFor(name: string): number {
  let hash = SEED;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** fc.assert with a fixed seed; a failure says how to replay the whole file as well. */
async function check<T>(name: string, property: fc.IAsyncProperty<T>, numRuns: number): Promise<void> {
  try {
    await fc.assert(property, { seed: seedFor(name), numRuns });
  } catch (err) {
    if (err instanceof Error) {
      const cause = err.cause instanceof Error ? `\nCaused by: ${err.cause.message}` : '';
      err.message = `${name} (PROPERTY_SEED=${SEED}, PROPERTY_RUNS=${RUNS})\n${err.message}${cause}`;
    }
    throw err;
  }
}

const openai: FakeOpenAi = await startFakeOpenAi();
openai.chunkDelayMs = 0;
// One app for the file; each test gets empty tables (test/setup/database.ts) and builds its world.
// Campus sign-in leaves for a real OpenID Provider on loopback.
const university = await startOpenIdProvider({ redirectUris: ['http://localhost:3000/api/auth/oidc/callback'] });
const t: TestApp = await createTestApp({ env: { AI_BASE_URL: openai.url, AI_MODEL: 'llama3.2', ...university.env } });
const operations: DocumentedOperation[] = documentedOperations(await fetchOpenApi(t.app));
afterAll(async () => {
  await t.close();
  await openai.close();
  await university.close();
});

type Caller = Extract<WorldActor, 'anonymous' | 'student' | 'admin'>;
const callers: Caller[] = ['anonymous', 'student', 'admin'];

interface GeneratedRequest {
  params: Record<string, string>;
  query: string;
  body: GeneratedBody;
  /** Anonymous callers sometimes send a forged session cookie. */
  forgedCookie: string | null;
}

function requestFor(operation: DocumentedOperation, w: World, picture: Buffer): fc.Arbitrary<GeneratedRequest> {
  const params = fc.record(
    Object.fromEntries(operation.pathParams.map((parameter) => [parameter.name, pathSegment(w)])),
  );
  const body = operation.multipart
    ? uploadBody(picture)
    : bodyFor(operation, w, authorizationMatrix[operation.key]?.body?.(w));
  const forgedCookie = fc.option(fc.string({ unit: 'grapheme-ascii', maxLength: 60 }), { freq: 3 });
  return fc.record({ params, query: queryFor(operation, w), body, forgedCookie });
}

/** Upload bodies: a real picture, a truncated one, random bytes, the wrong field, no multipart at all. */
function uploadBody(picture: Buffer): fc.Arbitrary<GeneratedBody> {
  const multipart = (content: Uint8Array, field = 'file'): GeneratedBody => {
    const { payload, headers } = multipartBody([{ field, filename: 'picture.png', contentType: 'image/png', content }]);
    return { kind: 'raw', payload, contentType: headers['content-type'] };
  };
  return fc.oneof(
    fc.constant(multipart(picture)),
    fc.integer({ min: 0, max: picture.length - 1 }).map((cut) => multipart(picture.subarray(0, cut))),
    fc.uint8Array({ maxLength: 2048 }).map((bytes) => multipart(bytes)),
    fc
      .tuple(fc.constantFrom('picture', 'files[]', ''), fc.uint8Array({ minLength: 1, maxLength: 64 }))
      .map(([field, bytes]) => multipart(bytes, field)),
    fc.uint8Array({ maxLength: 64 }).map((bytes): GeneratedBody => ({
      kind: 'raw',
      payload: Buffer.from(bytes),
      contentType: 'multipart/form-data; boundary=x',
    })),
    fc.constant<GeneratedBody>({ kind: 'json', value: { file: 'picture.png' } }),
    fc.constant<GeneratedBody>({ kind: 'none' }),
  );
}

function urlOf(operation: DocumentedOperation, request: GeneratedRequest): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => request.params[name] ?? '');
  return request.query ? `${path}?${request.query}` : path;
}

async function send(
  operation: DocumentedOperation,
  w: World,
  caller: Caller,
  generated: GeneratedRequest,
  /** Another session of the caller's account than the world's. */
  sessionCookie?: string,
): Promise<LightMyRequestResponse> {
  const cookie =
    sessionCookie ??
    (caller === 'anonymous'
      ? generated.forgedCookie === null
        ? undefined
        : `tutorly_session=${generated.forgedCookie}`
      : w.cookies[caller]);
  const url = urlOf(operation, generated);
  const { body } = generated;
  if (body.kind === 'none') return request(t.app, operation.method, url, { as: cookie });
  if (body.kind === 'json') {
    return request(t.app, operation.method, url, {
      as: cookie,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body.value) ?? 'null',
    });
  }
  return request(t.app, operation.method, url, {
    as: cookie,
    headers: { 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** What went wrong, with everything needed to send the request again by hand. */
function describeFailure(
  problem: string,
  operation: DocumentedOperation,
  caller: Caller,
  request: GeneratedRequest,
  response: LightMyRequestResponse,
): string {
  const body =
    request.body.kind === 'json'
      ? JSON.stringify(request.body.value)
      : request.body.kind === 'raw'
        ? `${request.body.contentType}: ${String(request.body.payload).slice(0, 200)}`
        : '(none)';
  return `${problem}\n  ${operation.method} ${urlOf(operation, request)} as ${caller}\n  body: ${body?.slice(0, 500)}\n  answer: ${response.statusCode} ${response.body.slice(0, 500)}`;
}

/** The one error shape, closed: nothing beyond { error: { code, message, fields? } } may leak out. */
const strictErrorAnswer = z.strictObject({
  error: z.strictObject({
    code: z.string(),
    message: z.string().min(1),
    fields: z
      .array(z.strictObject({ path: z.string().min(1), message: z.string().min(1) }))
      .min(1)
      .optional(),
  }),
});

function errorShapeProblem(response: LightMyRequestResponse): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    return 'the error answer is not JSON';
  }
  const error = (parsed as { error?: unknown } | null)?.error as { code?: unknown; message?: unknown } | undefined;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string' || error.message.length === 0) {
    return 'the error answer is not { error: { code, message } }';
  }
  if (!strictErrorAnswer.safeParse(parsed).success)
    return 'the error answer carries more than { error: { code, message, fields? } } with fields [{ path, message }]';
  return null;
}

async function expectServerHealthy(): Promise<void> {
  const health = await request(t.app, 'GET', '/healthz');
  expect(health.statusCode).toBe(200);
  const ready = await request(t.app, 'GET', '/readyz');
  expect(ready.statusCode).toBe(200);
}

// The tests below take real records and valid bodies from the authorization matrix; an
// operation it does not describe would be generated at only with random ids and bodies, and
// left out of the unknown-fields check without a word.
test('every documented operation has what the generated requests build on: a matrix entry with its path parameters and body', () => {
  const missing = operations.flatMap((operation) => {
    const entry = authorizationMatrix[operation.key];
    if (!entry) return [`${operation.key}: no entry in authorization-matrix.expected.ts`];
    const problems: string[] = [];
    if (operation.pathParams.length > 0 && !entry.params) problems.push(`${operation.key}: no params`);
    if (operation.jsonBody && !entry.body) problems.push(`${operation.key}: no body`);
    if (operation.multipart && !entry.multipart) problems.push(`${operation.key}: no multipart body`);
    return problems;
  });
  expect(missing).toEqual([]);
});

// One test for all operations (a test costs an emptied database), which runs them all and
// then reports every operation that failed, each with its shrunk counterexample.
test(
  'generated requests at every documented operation: never a 5xx, errors always { error: { code, message, fields? } }',
  { timeout: 3 * TEST_TIMEOUT_MS },
  async () => {
    expect(operations.length).toBeGreaterThan(50);
    const failures: string[] = [];
    // A world per operation, but an operation whose requests could not have changed theirs
    // (reads, refusals) leaves it to the next: the next one starts from the same records.
    let world: World | undefined;
    for (const operation of operations) {
      const w = (world ??= await createWorld(t, 'prop'));
      let changed = false;
      const picture = await w.picture();
      // Anonymous first and admin last: what an administrator's request deletes no longer matters.
      for (const caller of callers) {
        try {
          await check(
            `${operation.key} as ${caller}`,
            fc.asyncProperty(requestFor(operation, w, picture), async (request) => {
              const response = await send(operation, w, caller, request);
              if (mayHaveChangedWorld(operation.key, response.statusCode)) changed = true;
              if (response.statusCode >= 500)
                throw new Error(
                  describeFailure(`answered ${response.statusCode}`, operation, caller, request, response),
                );
              if (response.statusCode >= 400) {
                const problem = errorShapeProblem(response);
                if (problem) throw new Error(describeFailure(problem, operation, caller, request, response));
              }
            }),
            RUNS,
          );
        } catch (err) {
          failures.push(err instanceof Error ? err.message : String(err));
        }
      }
      if (changed) world = undefined;
    }
    await expectServerHealthy();
    expect(failures.length, `operations that failed:\n\n${failures.join('\n\n')}`).toBe(0);
  },
);

// Every administrator operation, with generated requests (hostile ids, bodies and queries), from
// an administrator's session that has not passed a second factor where one is required: refused
// before anything is read, whatever the request holds.
const refusalCodes = {
  pending: 'second_factor_required',
  enrol: 'second_factor_enrolment_required',
  not_asked: 'forbidden',
} as const;

function errorCodeOf(response: LightMyRequestResponse): string | null {
  try {
    return response.json<{ error?: { code?: string } }>().error?.code ?? null;
  } catch {
    return null;
  }
}

test(
  'generated requests at every administrator operation from a session short of its second factor: always refused',
  { timeout: 3 * TEST_TIMEOUT_MS },
  async () => {
    const adminOperations = operations.filter((operation) => operation.path.startsWith('/api/admin/'));
    expect(adminOperations.length).toBeGreaterThan(30);
    const w = await createWorld(t, 'prop-second-factor');
    const picture = await w.picture();
    const failures: string[] = [];
    for (const operation of adminOperations) {
      for (const state of ['pending', 'enrol', 'not_asked'] as const) {
        // A second later than the last, so the account's newest sessions kept include this one.
        t.clock.advance(1000);
        const cookie = await sessionCookieFor(t, w.users.admin.id, state);
        try {
          await check(
            `${operation.key} from a session short of its second factor (${state})`,
            fc.asyncProperty(requestFor(operation, w, picture), async (generated) => {
              const response = await send(operation, w, 'admin', { ...generated, forgedCookie: null }, cookie);
              // Refused: 403 with the step's own code (a student's `forbidden` for a session not
              // asked for one) whenever the path reaches the route, before its body is even read.
              // A generated segment (`..`, `%80`, one too long) can lead the path to no route at
              // all: 404, or the unrouted body's 400 `bad_request`; nothing is reached either way.
              // A `validation_error` would be the route's own checks: the session got through.
              const code = response.statusCode >= 400 ? errorCodeOf(response) : null;
              const refused =
                (response.statusCode === 403 && code === refusalCodes[state]) ||
                (response.statusCode === 404 && code === 'not_found') ||
                (response.statusCode === 400 && code === 'bad_request') ||
                [413, 414, 431].includes(response.statusCode);
              if (!refused)
                throw new Error(describeFailure('was not refused', operation, 'admin', generated, response));
              const problem = errorShapeProblem(response);
              if (problem) throw new Error(describeFailure(problem, operation, 'admin', generated, response));
            }),
            Math.min(RUNS, 6),
          );
        } catch (err) {
          failures.push(err instanceof Error ? err.message : String(err));
        }
      }
    }
    expect(
      failures.length,
      `operations that let a session short of its second factor through:\n\n${failures.join('\n\n')}`,
    ).toBe(0);
  },
);

/** Path parameters for an operation: the matrix's real records, or the student's review for any it does not list. */
function realPath(operation: DocumentedOperation, w: World): string {
  const params = authorizationMatrix[operation.key]?.params?.(w) ?? {};
  return fillPath(
    operation.path,
    Object.fromEntries(operation.pathParams.map((p) => [p.name, params[p.name] ?? w.review.id])),
  );
}

function expectApiError(response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
  expect(response.json()).toEqual({ error: { code, message: expect.any(String) } });
}

test('All Reviews cursors: whatever a crafted cursor holds, the answer is a page or the clear 400, never a 5xx', async () => {
  const w = await createWorld(t, 'cursor');
  // Things a date parser might take: real and impossible dates, other calendars' words, bare numbers.
  const datePart = fc.oneof(
    fc
      .date({ min: new Date(-8_640_000_000_000_000), max: new Date(8_640_000_000_000_000), noInvalidDate: true })
      .map((date) => date.toISOString().replace(/(\.\d{3})Z$/, '$1000Z')),
    fc
      .tuple(
        fc.integer({ min: -300_000, max: 300_000 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
      )
      .map(
        ([y, m, d, h]) =>
          `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00.000000Z`,
      ),
    fc.constantFrom(
      '1',
      'Tue Feb 30 2021',
      '-271821-04-20',
      'epoch',
      'infinity',
      '-infinity',
      'now',
      'allballs',
      'J2451187',
    ),
    fc.string({ maxLength: 40 }),
    fc.integer(),
  );
  const cursor = fc
    .tuple(datePart, fc.oneof(fc.constant(w.review.id), fc.uuid(), fc.string({ maxLength: 40 })))
    .map((position) => Buffer.from(JSON.stringify(position)).toString('base64url'));
  await check(
    'All Reviews cursors',
    fc.asyncProperty(cursor, async (value) => {
      const response = await request(t.app, 'GET', `${apiPaths.reviews}?cursor=${value}`, { as: w.cookies.student! });
      const decoded = Buffer.from(value, 'base64url').toString();
      if (response.statusCode === 200) return;
      expect(response.statusCode, `${decoded}: ${response.body}`).toBe(400);
      expect(errorShapeProblem(response), decoded).toBeNull();
    }),
    RUNS * 4,
  );
});

describe('oversized bodies', () => {
  const overLimit = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT_BYTES) });

  test(
    'every operation that takes JSON refuses a body over the 1 MB limit with 413, with or without a length',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const writes = operations.filter((operation) => operation.method !== 'GET' && !operation.multipart);
      expect(writes.length).toBeGreaterThan(20);
      const w = await createWorld(t, 'big');
      for (const operation of writes) {
        // As the admin, whom no guard stops before the body is read; the guards answer strangers first.
        const response = await request(t.app, operation.method, realPath(operation, w), {
          as: w.cookies.admin!,
          headers: { 'content-type': 'application/json' },
          payload: overLimit,
        });
        expect(response.statusCode, `${operation.key}: ${response.body.slice(0, 200)}`).toBe(413);
        expectApiError(response, 413, 'payload_too_large');
      }
      // Sent in chunks without a Content-Length: cut off once the limit is passed.
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const chunks = Array.from({ length: Math.ceil(BODY_LIMIT_BYTES / chunk.length) + 2 }, () => chunk);
      const streamed = await request(t.app, 'POST', apiPaths.reviews, {
        as: w.cookies.student!,
        headers: { 'content-type': 'application/json' },
        payload: Readable.from(chunks),
      });
      expectApiError(streamed, 413, 'payload_too_large');
      await expectServerHealthy();
    },
  );

  test('the upload has its own limit: a 1.5 MB file is read, one over 5 MB is refused with 413', async () => {
    const w = await createWorld(t, 'upload');
    const upload = (content: Uint8Array, extraHeaders: Record<string, string> = {}) => {
      const { payload, headers } = fileUploadBody(content);
      return request(t.app, 'POST', apiPaths.imageUploads, {
        as: w.cookies.student!,
        headers: { ...headers, ...extraHeaders },
        payload,
      });
    };
    // Over the JSON limit but within the picture limit: judged by its content, not its size.
    expectApiError(await upload(Buffer.alloc(1.5 * 1024 * 1024, 7)), 400, 'unsupported_image');
    expectApiError(await upload(Buffer.alloc(MAX_UPLOAD_BYTES + 1, 7)), 413, 'payload_too_large');
    // Announced as too large: refused before it is read.
    expectApiError(
      await upload(Buffer.alloc(16, 7), { 'content-length': String(MAX_UPLOAD_BYTES * 2) }),
      413,
      'payload_too_large',
    );
    await expectServerHealthy();
  });
});

test('malformed requests get a 4xx in the usual shape: undecodable or overlong paths, broken multipart bodies', async () => {
  const w = await createWorld(t, 'malformed');
  // The router answers these before any route does; a path that names nothing is not found.
  for (const url of [
    apiPaths.tutor('%80'),
    apiPaths.tutor('a'.repeat(200)),
    apiPaths.review('%E0%A4%A'),
    apiPaths.notificationRead('9'.repeat(150)),
  ]) {
    for (const cookie of [undefined, w.cookies.student]) {
      const response = await request(t.app, url.endsWith('/read') ? 'POST' : 'GET', url, { as: cookie });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
      expect(errorShapeProblem(response)).toBeNull();
    }
  }
  const picture = await w.picture();
  const { payload: whole, headers } = fileUploadBody(picture);
  const bodies: { payload: Buffer; contentType: string }[] = [
    { payload: Buffer.from([0]), contentType: 'multipart/form-data; boundary=x' },
    {
      payload: Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc'),
      contentType: 'multipart/form-data; boundary=x',
    },
    { payload: whole, contentType: 'multipart/form-data' },
    { payload: whole.subarray(0, whole.length - 20), contentType: headers['content-type'] },
  ];
  for (const body of bodies) {
    const response = await request(t.app, 'POST', apiPaths.imageUploads, {
      as: w.cookies.student,
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expectApiError(response, 400, 'validation_error');
  }
  await expectServerHealthy();
});

/** Every row of every application table, as text: where a stored value would show. */
async function everythingStored(): Promise<string> {
  const result = await t.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const tables = (result as unknown as { rows: { tablename: string }[] }).rows.map((row) => row.tablename);
  const dumps: string[] = [];
  for (const table of tables) {
    const rows = await t.db.execute(
      sql.raw(`select coalesce(string_agg(x::text, E'\\n'), '') as dump from "public"."${table}" x`),
    );
    dumps.push(String((rows as unknown as { rows: { dump: string }[] }).rows[0]?.dump ?? ''));
  }
  return dumps.join('\n');
}

/** Names the server keeps for itself: a body that could set them would be mass assignment. */
const internalNames = [
  'id',
  'role',
  'status',
  'isPublic',
  'isHidden',
  'hiddenReason',
  'authorId',
  'submittedBy',
  'passwordHash',
  'emailVerifiedAt',
  'disabledAt',
  'reviewCount',
  'ratingSum',
  'averageRating',
  'rejectionReason',
  'createdAt',
  'updatedAt',
  'userId',
  'tokenHash',
];

describe('unknown fields', () => {
  // Markers stay unique across the operations' tests, so one never matches another's leftovers.
  let unknownFieldSerial = 0;
  // Where some caller's valid request succeeds: only there can the unknown fields reach a service
  // (a campus link needs a browser just back from the university, which no world has).
  const bodyOperations = operations.filter((operation) => {
    const entry = authorizationMatrix[operation.key];
    return operation.jsonBody && entry?.body && entry.statuses.some((status) => status < 300);
  });

  test('are tried at every operation with a body', () => {
    expect(bodyOperations.length).toBeGreaterThan(20);
  });

  // One test per operation: a fresh world for each of several runs at each of some forty operations.
  test.each(bodyOperations.map((operation) => [operation.key, operation] as const))(
    'at %s they are dropped or refused, and never stored',
    { timeout: TEST_TIMEOUT_MS },
    async (_, operation) => {
      const entry = authorizationMatrix[operation.key]!;
      const documentedNames = new Set(Object.keys(operation.jsonBody?.properties ?? {}));
      // Whoever the matrix lets through, so the unknown fields reach the service; where nobody's
      // valid request succeeds (the second step, with no step to take), whoever passes the guard.
      const callers = (['student', 'admin', 'anonymous'] as const).map((actor) => ({
        actor,
        status: entry.statuses[worldActors.indexOf(actor)]!,
      }));
      const caller =
        callers.find(({ status }) => status < 300) ?? callers.find(({ status }) => status !== 401 && status !== 403)!;
      const extraValue = fc.constantFrom('string', 'nested', 'list');
      const extras = fc.uniqueArray(fc.tuple(fc.oneof(fc.constantFrom(...internalNames), unknownKey), extraValue), {
        minLength: 1,
        maxLength: 4,
        selector: ([name]) => name,
      });
      const markers: string[] = [];
      await check(
        `unknown fields at ${operation.key}`,
        fc.asyncProperty(extras, async (chosen) => {
          // A fresh world each time: the request must be one that succeeds without the extras.
          const w = await createWorld(t, 'unknown');
          const fields: Record<string, unknown> = {};
          const sent: string[] = [];
          for (const [name, shape] of chosen.filter(([name]) => !documentedNames.has(name))) {
            unknownFieldSerial += 1;
            const marker = `unknown-field-marker-${unknownFieldSerial}-${SEED}`;
            sent.push(marker);
            fields[name] = shape === 'string' ? marker : shape === 'nested' ? { value: marker } : [marker];
          }
          markers.push(...sent);
          const body = { ...(entry.body!(w) as object), ...fields };
          const cookie = w.cookies[caller.actor];
          const response = await request(t.app, operation.method, withQuery(realPath(operation, w), entry.query?.(w)), {
            as: cookie,
            payload: body,
          });
          // Dropped: the same answer as without them. Refused: a 400 that says so.
          expect(
            [caller.status, 400],
            `${operation.key} with ${JSON.stringify(fields)}: ${response.body.slice(0, 300)}`,
          ).toContain(response.statusCode);
          for (const marker of sent) expect(response.body).not.toContain(marker);
        }),
        Math.max(2, Math.ceil(RUNS / 3)),
      );
      const stored = await everythingStored();
      expect(markers.filter((marker) => stored.includes(marker))).toEqual([]);
    },
  );

  test("a review cannot be created hidden, backdated, or in someone else's name", async () => {
    const w = await createWorld(t, 'review');
    const backdated = '2001-01-01T00:00:00.000Z';
    const created = await request(t.app, 'POST', apiPaths.reviews, {
      as: w.cookies.student!,
      payload: {
        tutorId: w.publicTutor.id,
        title: 'Honest',
        body: 'Good sessions.',
        rating: 4,
        // Signed, so the list shows whose name it carries.
        showName: true,
        id: '00000000-0000-4000-8000-000000000001',
        authorId: w.users.otherStudent.id,
        isHidden: true,
        hiddenReason: 'set by the author',
        createdAt: backdated,
        updatedAt: backdated,
        authorName: 'Someone Else',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const review = created.json().review;
    expect(review.id).not.toBe('00000000-0000-4000-8000-000000000001');
    const readBack = (await request(t.app, 'GET', apiPaths.review(review.id), { as: w.cookies.student! })).json()
      .review;
    expect(readBack).toMatchObject({ isHidden: false, hiddenReason: null, title: 'Honest', rating: 4 });
    expect(readBack.createdAt).not.toBe(backdated);
    // Written by the student: the other student does not own it.
    expect((await request(t.app, 'GET', apiPaths.review(review.id), { as: w.cookies.otherStudent! })).statusCode).toBe(
      404,
    );
    const listed = (
      await request(t.app, 'GET', apiPaths.tutorReviews(w.publicTutor.id), { as: w.cookies.otherStudent! })
    ).json();
    expect(listed.items.map((item: { authorName: string }) => item.authorName)).toEqual([w.users.student.name]);
  });

  test('a submission cannot approve or rate itself', async () => {
    const w = await createWorld(t, 'submission');
    const created = await request(t.app, 'POST', apiPaths.tutors, {
      as: w.cookies.student!,
      payload: {
        name: 'Self Made',
        department: 'Physics',
        biography: 'Trust me.',
        status: 'approved',
        isPublic: true,
        reviewCount: 42,
        ratingSum: 210,
        averageRating: 5,
        ratingDistribution: [0, 0, 0, 0, 42],
        submittedBy: w.users.otherStudent.id,
        rejectionReason: 'none',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().tutor.id;
    const profile = (await request(t.app, 'GET', apiPaths.tutor(id), { as: w.cookies.student! })).json().tutor;
    expect(profile).toMatchObject({
      status: 'pending',
      isPublic: false,
      reviewCount: 0,
      averageRating: null,
      ratingDistribution: [0, 0, 0, 0, 0],
      rejectionReason: null,
      submittedByMe: true,
    });
    expect((await request(t.app, 'GET', apiPaths.tutor(id), { as: w.cookies.otherStudent! })).statusCode).toBe(404);
  });

  test('a profile update cannot grant a role, unverify, disable, set a password or change the address', async () => {
    const w = await createWorld(t, 'profile');
    const refused = await request(t.app, 'PATCH', apiPaths.account, {
      as: w.cookies.student!,
      payload: { name: 'Renamed', email: 'taken.over@uni.example' },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    const updated = await request(t.app, 'PATCH', apiPaths.account, {
      as: w.cookies.student!,
      payload: {
        name: 'Still Sam',
        role: 'admin',
        emailVerified: false,
        emailVerifiedAt: null,
        disabled: true,
        disabledAt: new Date().toISOString(),
        passwordHash: 'x',
        password: 'hijacked password',
      },
    });
    // The profile's fields are a closed list: anything else is refused, and nothing changes.
    expect(updated.statusCode, updated.body).toBe(400);
    expect(
      (await request(t.app, 'PATCH', apiPaths.account, { as: w.cookies.student!, payload: { name: 'Still Sam' } }))
        .statusCode,
    ).toBe(200);
    const session = (await request(t.app, 'GET', apiPaths.session, { as: w.cookies.student! })).json().account;
    expect(session).toMatchObject({
      name: 'Still Sam',
      role: 'student',
      emailVerified: true,
      email: w.users.student.email,
    });
    // The old password still works, the smuggled one does not.
    const login = (password: string) => postLogin(t.app, { email: w.users.student.email, password });
    expect((await login('hijacked password')).statusCode).toBe(401);
    expect((await login(w.password)).statusCode).toBe(200);
  });

  test('sign-up cannot create an administrator or a verified account', async () => {
    const email = uniqueEmail('eager');
    const signup = await postSignup(t.app, {
      name: 'Eve Eager',
      email,
      password: 'a long enough password',
      role: 'admin',
      emailVerified: true,
      emailVerifiedAt: new Date().toISOString(),
    });
    expect(signup.statusCode, signup.body).toBeLessThan(300);
    const login = await postLogin(t.app, { email, password: 'a long enough password' });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().account).toMatchObject({ role: 'student', emailVerified: false });
  });

  test('settings keep only the documented ones; the AI provider stays what the server was started with', async () => {
    const w = await createWorld(t, 'settings');
    const marker = `settings-marker-${SEED}`;
    const updated = await request(t.app, 'PATCH', apiPaths.adminSettings, {
      as: w.cookies.admin!,
      payload: { siteName: 'Campus Tutors', ai: { provider: 'gemini', model: marker }, [marker]: marker },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const settings = (await request(t.app, 'GET', apiPaths.adminSettings, { as: w.cookies.admin! })).json();
    expect(settings.siteName).toBe('Campus Tutors');
    expect(settings.ai).toMatchObject({ provider: 'openai-compatible', model: 'llama3.2' });
    expect(JSON.stringify(settings)).not.toContain(marker);
    expect(await everythingStored()).not.toContain(marker);
  });
});

/** Pieces of text that software gets wrong: emoji sequences, right-to-left scripts, combining marks, astral planes. */
const unicodePieces = [
  '😀',
  '👩🏽‍💻',
  '👨‍👩‍👧‍👦',
  '🇩🇪',
  '🏳️‍🌈',
  '❤️',
  'שלום',
  'مرحبا بالعالم',
  'עברית 123 English',
  '\u202bمقلوب\u202c',
  'e\u0301',
  'Z\u0351\u0308\u0324a\u0300\u0316l\u0310g\u0357o\u0353',
  'ñ',
  'n\u0303',
  '한국어',
  '日本語',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '𠀋𠂢',
  '𐌰𐌱𐌲',
  '𓀀',
  'Ǆ',
  'ﬁ',
  'İstanbul',
  'straße',
  'Ω≈ç√∫',
  '\u00ad',
  '\u200b',
  'O\u2019Brien',
];

/** Text with at least one character that is not whitespace, no NUL (PostgreSQL text cannot hold it), at most `max` UTF-16 code units. */
function unicodeText(max: number): fc.Arbitrary<string> {
  const piece = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...unicodePieces) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 4 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 6 }) },
  );
  return fc
    .array(piece, { minLength: 1, maxLength: 12 })
    .chain((pieces) => fc.constantFrom(' ', '', '\n').map((separator) => pieces.join(separator)))
    .map((text) => text.replaceAll('\u0000', ''))
    .filter((text) => text.trim().length > 0 && text.length <= max);
}

/** What the API stores for a text field: as sent, trimmed. */
const asStored = (text: string) => text.trim();

describe('Unicode round-trips unchanged', () => {
  test('user names, through Edit Profile and the session', { timeout: TEST_TIMEOUT_MS }, async () => {
    const w = await createWorld(t, 'unicode-name');
    await check(
      'Unicode user names',
      fc.asyncProperty(unicodeText(100), async (name) => {
        const updated = await request(t.app, 'PATCH', apiPaths.account, { as: w.cookies.student!, payload: { name } });
        expect(updated.statusCode, updated.body).toBe(200);
        const session = await request(t.app, 'GET', apiPaths.session, { as: w.cookies.student! });
        expect(session.json().account.name).toBe(asStored(name));
      }),
      RUNS * 2,
    );
  });

  test(
    "tutors' names, departments, biographies and courses, through a submission and its profile",
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const w = await createWorld(t, 'unicode-tutor');
      const submission = fc.record({
        name: unicodeText(120),
        department: unicodeText(120),
        biography: unicodeText(5000),
        courses: fc.array(unicodeText(120), { maxLength: 3 }),
      });
      await check(
        'Unicode tutor submissions',
        fc.asyncProperty(submission, async (input) => {
          const created = await request(t.app, 'POST', apiPaths.tutors, { as: w.cookies.student!, payload: input });
          expect(created.statusCode, created.body).toBe(201);
          const profile = (
            await request(t.app, 'GET', apiPaths.tutor(created.json().tutor.id), { as: w.cookies.admin! })
          ).json().tutor;
          expect({
            name: profile.name,
            department: profile.department,
            biography: profile.biography,
            courses: profile.courses,
          }).toEqual({
            name: asStored(input.name),
            department: asStored(input.department),
            biography: asStored(input.biography),
            courses: input.courses.map(asStored),
          });
        }),
        RUNS * 2,
      );
    },
  );

  test("the site's pages, through Settings and what every visitor reads", { timeout: TEST_TIMEOUT_MS }, async () => {
    const w = await createWorld(t, 'unicode-site-pages');
    const pages = fc.record({ privacyPolicy: unicodeText(2000), termsOfService: unicodeText(2000) });
    await check(
      'Unicode site pages',
      fc.asyncProperty(pages, async (input) => {
        const saved = await request(t.app, 'PATCH', apiPaths.adminSettings, { as: w.cookies.admin!, payload: input });
        expect(saved.statusCode, saved.body).toBe(200);
        // Anyone reads them, as stored; a text that is only spaces is no page at all.
        const read = (await request(t.app, 'GET', apiPaths.sitePages)).json();
        expect({ privacyPolicy: read.privacyPolicy, termsOfService: read.termsOfService }).toEqual({
          privacyPolicy: asStored(input.privacyPolicy) || null,
          termsOfService: asStored(input.termsOfService) || null,
        });
      }),
      RUNS,
    );
  });

  test(
    "review titles and bodies, through the author's view and the tutor's list",
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const w = await createWorld(t, 'unicode-review');
      await check(
        'Unicode reviews',
        fc.asyncProperty(unicodeText(150), unicodeText(5000), async (title, body) => {
          const tutor = await createTutorRecord(t.db, { name: 'Una Code' });
          const created = await request(t.app, 'POST', apiPaths.reviews, {
            as: w.cookies.student!,
            // Whatever the screen finds in random text, the author sends it anyway.
            payload: { tutorId: tutor.id, title, body, rating: 5, screeningAcknowledged: true },
          });
          expect(created.statusCode, created.body).toBe(201);
          const own = (
            await request(t.app, 'GET', apiPaths.review(created.json().review.id), { as: w.cookies.student! })
          ).json().review;
          expect({ title: own.title, body: own.body }).toEqual({ title: asStored(title), body: asStored(body) });
          const listed = (
            await request(t.app, 'GET', apiPaths.tutorReviews(tutor.id), { as: w.cookies.otherStudent! })
          ).json();
          expect(
            listed.items.map((item: { title: string; body: string }) => ({ title: item.title, body: item.body })),
          ).toEqual([{ title: asStored(title), body: asStored(body) }]);
        }),
        RUNS * 2,
      );
    },
  );

  test('text PostgreSQL cannot store (NUL, half a surrogate pair) is refused with 400, never a 5xx', async () => {
    const w = await createWorld(t, 'unstorable');
    const { student, otherStudent, admin } = w.cookies;
    const attempts = [
      { method: 'PATCH', url: apiPaths.account, cookie: student, payload: { name: 'Nul\u0000Name' } },
      {
        method: 'POST',
        url: apiPaths.tutors,
        cookie: student,
        payload: { name: 'Nul\u0000', department: 'Physics', biography: 'Bio' },
      },
      {
        method: 'POST',
        url: apiPaths.reviews,
        cookie: student,
        payload: { tutorId: w.publicTutor.id, title: 'T\u0000', body: 'B', rating: 3 },
      },
      {
        method: 'POST',
        url: apiPaths.reviewReports(w.review.id),
        cookie: otherStudent,
        payload: { reason: 'other', details: 'x\u0000' },
      },
      {
        method: 'POST',
        url: apiPaths.signup,
        cookie: undefined,
        payload: { name: 'A\u0000', email: uniqueEmail('nul'), password: 'a long enough password' },
      },
      { method: 'PATCH', url: apiPaths.adminSettings, cookie: admin, payload: { siteName: 'Tutor\u0000ly' } },
      {
        method: 'PUT',
        url: apiPaths.followedDepartments,
        cookie: student,
        payload: { departments: ['Ph\u0000ysics'] },
      },
      { method: 'POST', url: apiPaths.hideReview(w.review.id), cookie: admin, payload: { reason: 'r\u0000' } },
      {
        method: 'POST',
        url: apiPaths.adminUsers,
        cookie: admin,
        payload: { name: 'N\u0000', email: uniqueEmail('nul'), delivery: 'password' },
      },
      { method: 'GET', url: `${apiPaths.tutors}?q=%00`, cookie: student, payload: undefined },
      { method: 'GET', url: `${apiPaths.tutors}?department=a%00`, cookie: student, payload: undefined },
      { method: 'GET', url: `${apiPaths.similarTutors}?name=a%00`, cookie: student, payload: undefined },
      { method: 'GET', url: `${apiPaths.adminUsers}?q=a%00b`, cookie: admin, payload: undefined },
      { method: 'GET', url: `${apiPaths.adminTutors}?q=a%00b`, cookie: admin, payload: undefined },
      { method: 'GET', url: `${apiPaths.adminReviews}?q=a%00b`, cookie: admin, payload: undefined },
      // JSON can carry half of a surrogate pair ("\ud83d" without its "\ude00"); no Unicode text can.
      { method: 'PATCH', url: apiPaths.adminSettings, cookie: admin, payload: { siteName: 'Tutorly \ud83d' } },
      {
        method: 'POST',
        url: apiPaths.reviews,
        cookie: student,
        payload: { tutorId: w.publicTutor.id, title: '\ude00 title', body: 'B', rating: 3 },
      },
      {
        method: 'POST',
        url: apiPaths.hideReview(w.review.id),
        cookie: admin,
        payload: { reason: 'half an emoji \ud83d' },
      },
      { method: 'PATCH', url: apiPaths.account, cookie: student, payload: { name: 'Sam \udc00' } },
    ] as const;
    for (const attempt of attempts) {
      const response = await request(t.app, attempt.method, attempt.url, {
        as: attempt.cookie,
        payload: attempt.payload,
      });
      expect(response.statusCode, `${attempt.method} ${attempt.url}: ${response.body}`).toBe(400);
      expect(errorShapeProblem(response)).toBeNull();
    }
  });
});
