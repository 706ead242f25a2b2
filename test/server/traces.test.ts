import { createServer, type IncomingMessage, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { aiDrafts, databaseQueries, mailSends } from '../../src/server/observability/events';
import { apiPaths } from '../../src/shared/api-paths';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/fake-openai';
import { callAs, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTutorRecord } from '../helpers/factories';
import { readLatestMail, verificationParams } from '../helpers/mail';
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from '../helpers/otlp-receiver';
import { request } from '../helpers/requests';

// OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT), received by a collector stand-in in this
// process: a span per request, its database queries, mails and AI drafts as its children, and
// nothing secret in any of them.

const SERVER = 2;
const CLIENT = 3;
const ERROR = 2;

let receiver: OtlpReceiver;
let t: TestApp | undefined;
beforeEach(async () => {
  receiver = await startOtlpReceiver();
});
afterEach(async () => {
  await t?.close();
  t = undefined;
  await receiver.close();
});

function tracedApp(env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp({
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: 'tutorly-traced', ...env },
  });
}

/** Closes the app, which sends the spans still waiting, and answers every span received. */
async function spansAfterClosing(app: TestApp): Promise<ReceivedSpan[]> {
  await app.close();
  expect(receiver.strayRequests).toEqual([]);
  return receiver.spans;
}

function serverSpan(spans: ReceivedSpan[], name: string): ReceivedSpan {
  const found = spans.filter((span) => span.kind === SERVER && span.name === name);
  expect(found, `one server span named ${name}`).toHaveLength(1);
  return found[0]!;
}

const childrenOf = (spans: ReceivedSpan[], parent: ReceivedSpan) =>
  spans.filter((span) => span.traceId === parent.traceId && span.parentSpanId === parent.spanId);

const isQuery = (span: ReceivedSpan) => span.attributes['db.system.name'] === 'postgresql';

/** Everything the collector received, in every form: no secret may appear in it. */
const everythingSent = () => receiver.bodies.join('\n');

test('a request is a server span named by its route, with its method, path, status and request id; its queries are its children', async () => {
  t = await tracedApp();
  const student = await signedInStudent(t);
  const tutor = await createTutorRecord(t.db, { name: 'Traced Tutor' });
  const response = await request(t.app, 'GET', `${apiPaths.tutor(tutor.id)}?ref=query-token-5b1f`, { as: student });
  expect(response.statusCode).toBe(200);
  const requestId = response.headers['x-request-id'];

  const spans = await spansAfterClosing(t);
  const server = serverSpan(spans, 'GET /api/tutors/:tutorId');
  expect(server.attributes).toEqual({
    'http.request.method': 'GET',
    'http.route': '/api/tutors/:tutorId',
    'url.path': `/api/tutors/${tutor.id}`,
    'http.response.status_code': 200,
    'request.id': requestId,
  });
  expect(server.parentSpanId).toBe('');
  expect(server.statusCode).toBe(0);
  expect(server.resource['service.name']).toBe('tutorly-traced');

  const queries = childrenOf(spans, server).filter(isQuery);
  expect(queries.length).toBeGreaterThan(0);
  for (const query of queries) {
    expect(query.kind).toBe(CLIENT);
    expect(query.attributes['request.id']).toBe(requestId);
    expect(query.name).toBe(query.attributes['db.operation.name']);
  }
  const tutorRead = queries.find((query) => /from "tutors"/.test(String(query.attributes['db.query.text'])));
  expect(tutorRead?.name).toBe('SELECT');
  // Parameters travel apart from the statement: the tutor's id is not in it.
  expect(tutorRead?.attributes['db.query.text']).not.toContain(tutor.id);
  // The test's own set-up (the account, its session, the tutor record) made no request: one trace.
  expect(spans.filter((span) => span.kind === SERVER).map((span) => span.name)).toEqual(['GET /api/tutors/:tutorId']);
  expect(everythingSent()).not.toContain('query-token-5b1f');
});

test('sign-up: its queries and its mail (sent after the answer) are spans of its request, and no span holds the address, the password or a header', async () => {
  t = await tracedApp();
  const email = 'traced.signup.4e2a@example.edu';
  const password = 'Tr4ced-passphrase-for-sign-up-81c3';
  // Over a real connection, the body sent after a pause: it arrives in the socket's events,
  // outside the request's context.
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const body = JSON.stringify({ name: 'Ada Traced', email, password });
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const sending = httpRequest(`http://127.0.0.1:${port}${apiPaths.signup}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': 'agent-9f3b',
        authorization: 'Bearer bearer-token-0d7e',
      },
    });
    sending.on('response', resolve).on('error', reject);
    sending.flushHeaders();
    setTimeout(() => sending.end(body), 50);
  });
  response.resume();
  expect(response.statusCode).toBe(201);
  const requestId = response.headers['x-request-id'];
  await t.app.backgroundTasks.idle();
  const { secret } = verificationParams((await readLatestMail(t.outboxDir)).link!);

  const spans = await spansAfterClosing(t);
  const server = serverSpan(spans, 'POST /api/auth/signup');
  expect(server.attributes).toMatchObject({ 'http.response.status_code': 201, 'request.id': requestId });
  const children = childrenOf(spans, server);
  expect(children.filter(isQuery).map((query) => query.name)).toEqual(expect.arrayContaining(['SELECT', 'INSERT']));
  const mails = children.filter((span) => span.name === 'send mail');
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatchObject({
    kind: CLIENT,
    statusCode: 0,
    attributes: {
      'tutorly.mail.transport': 'outbox',
      'tutorly.mail.subject': expect.stringContaining('Verify your email'),
      'request.id': requestId,
    },
  });

  const sent = everythingSent();
  for (const secretPart of [email, 'traced.signup.4e2a', password, secret, 'agent-9f3b', 'bearer-token-0d7e']) {
    expect(sent).not.toContain(secretPart);
  }
  for (const span of spans) {
    for (const key of Object.keys(span.attributes)) expect(key).not.toMatch(/header|cookie|user_agent|client\.address/);
  }
});

test('a trace begun by the caller (traceparent) is continued', async () => {
  t = await tracedApp();
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const callerSpanId = '00f067aa0ba902b7';
  const student = await signedInStudent(t);
  const tutor = await createTutorRecord(t.db);
  const response = await request(t.app, 'GET', apiPaths.tutor(tutor.id), {
    as: student,
    headers: { traceparent: `00-${traceId}-${callerSpanId}-01` },
  });
  expect(response.statusCode).toBe(200);

  const spans = await spansAfterClosing(t);
  const server = serverSpan(spans, 'GET /api/tutors/:tutorId');
  expect(server).toMatchObject({ traceId, parentSpanId: callerSpanId });
  expect(childrenOf(spans, server).filter(isQuery).length).toBeGreaterThan(0);
});

test('each of many requests at once has its own queries, whichever waited for a connection', async () => {
  // Every read from the database, so that requests queue for the few connections of the test pool.
  t = await tracedApp({ READ_CACHE: 'off' });
  const student = await signedInStudent(t);
  const tutors = await Promise.all(Array.from({ length: 4 }, () => createTutorRecord(t!.db)));
  const responses = await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      request(t!.app, 'GET', apiPaths.tutorReviews(tutors[i % 4]!.id), { as: student }),
    ),
  );
  expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));

  const spans = await spansAfterClosing(t);
  const servers = spans.filter((span) => span.kind === SERVER && span.name === 'GET /api/tutors/:tutorId/reviews');
  expect(servers).toHaveLength(24);
  for (const server of servers) {
    const queries = childrenOf(spans, server).filter(isQuery);
    expect(queries.some((query) => /from "reviews"/.test(String(query.attributes['db.query.text'])))).toBe(true);
    for (const query of queries) expect(query.attributes['request.id']).toBe(server.attributes['request.id']);
  }
  const spanIds = new Set(spans.filter((span) => span.kind === SERVER).map((server) => server.spanId));
  expect(spans.filter(isQuery).filter((query) => !spanIds.has(query.parentSpanId))).toEqual([]);
});

test('an answer of 500 marks its span as failed, without the error message', async () => {
  t = await tracedApp();
  t.app.get('/api/trace-test/failing', async () => {
    throw new Error('internal-detail-6c2d');
  });
  const response = await request(t.app, 'GET', '/api/trace-test/failing');
  expect(response.statusCode).toBe(500);

  const spans = await spansAfterClosing(t);
  const server = serverSpan(spans, 'GET /api/trace-test/failing');
  expect(server.statusCode).toBe(ERROR);
  expect(server.attributes).toMatchObject({ 'http.response.status_code': 500, 'error.type': '500' });
  expect(everythingSent()).not.toContain('internal-detail-6c2d');
});

test('a request no route answers is a span named by its method alone, without a route', async () => {
  t = await tracedApp();
  const response = await request(t.app, 'GET', '/api/no-such-thing/ada@example.edu');
  expect(response.statusCode).toBe(404);

  const [server] = (await spansAfterClosing(t)).filter((span) => span.kind === SERVER);
  expect(server?.name).toBe('GET');
  expect(server?.attributes).not.toHaveProperty('http.route');
  expect(server?.attributes).toMatchObject({ 'http.response.status_code': 404 });
});

test("credentials in the collector's address are sent as basic authentication and never logged", async () => {
  const endpoint = new URL(receiver.url);
  endpoint.username = 'tracer';
  endpoint.password = 'collector-pass-5e0a';
  t = await tracedApp({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint.href });
  expect((await request(t.app, 'GET', '/api/no-such-thing')).statusCode).toBe(404);

  const { logs } = t;
  expect(await spansAfterClosing(t)).toHaveLength(1);
  expect(receiver.authorizations).toEqual([`Basic ${Buffer.from('tracer:collector-pass-5e0a').toString('base64')}`]);
  expect(logs.join('\n')).not.toContain('collector-pass-5e0a');
});

test("the SDK's standard OTEL_EXPORTER_OTLP_HEADERS adds headers to what is sent to the collector", async () => {
  process.env.OTEL_EXPORTER_OTLP_HEADERS = 'Authorization=Bearer collector-token-94d2';
  try {
    t = await tracedApp();
  } finally {
    delete process.env.OTEL_EXPORTER_OTLP_HEADERS;
  }
  expect((await request(t.app, 'GET', '/api/no-such-thing')).statusCode).toBe(404);

  await spansAfterClosing(t);
  expect(receiver.authorizations).toEqual(['Bearer collector-token-94d2']);
});

describe('AI drafts', () => {
  const OPENAI_KEY = 'openai-key-traced-3a9d61f0';
  const NOTES = 'Notes-traced-8d1e: the student wrote this and nobody else may read it.';
  let openai: FakeOpenAi;
  beforeAll(async () => {
    openai = await startFakeOpenAi({ apiKey: OPENAI_KEY });
    openai.chunkDelayMs = 5;
  });
  afterAll(() => openai.close());

  test('a draft is a span of its request with the provider, the model and how it ended; a failed one is marked failed', async () => {
    t = await tracedApp({ AI_BASE_URL: openai.url, AI_API_KEY: OPENAI_KEY, AI_MODEL: 'llama3.2' });
    const student = await signedInStudent(t, 'Sam Traced');
    const tutor = await createTutorRecord(t.db);
    const draft = { tutorId: tutor.id, title: 'Clear and kind', rating: 5, notes: NOTES };
    openai.reset();
    openai.chunkDelayMs = 5;
    const finished = await callAs(t, student, 'POST', apiPaths.reviewDrafts, draft);
    expect(finished.body).toContain('"type":"done"');
    openai.scenario = 'server-error';
    const failed = await callAs(t, student, 'POST', apiPaths.reviewDrafts, draft);
    expect(failed.body).toContain('"type":"error"');

    const spans = await spansAfterClosing(t);
    const drafts = spans.filter((span) => span.name === 'chat llama3.2');
    expect(drafts).toHaveLength(2);
    for (const [span, response] of [
      [drafts[0]!, finished],
      [drafts[1]!, failed],
    ] as const) {
      const parent = spans.find((candidate) => candidate.spanId === span.parentSpanId);
      expect(parent).toMatchObject({ kind: SERVER, name: 'POST /api/ai/review-drafts' });
      expect(span.attributes).toMatchObject({
        'gen_ai.operation.name': 'chat',
        'gen_ai.provider.name': 'openai-compatible',
        'gen_ai.request.model': 'llama3.2',
        'request.id': response.headers['x-request-id'],
      });
    }
    expect(drafts[0]).toMatchObject({
      kind: CLIENT,
      statusCode: 0,
      attributes: { 'tutorly.ai_draft.outcome': 'finished' },
    });
    expect(drafts[1]).toMatchObject({
      statusCode: ERROR,
      attributes: { 'tutorly.ai_draft.outcome': 'failed', 'error.type': 'ai_provider_error' },
    });
    const sent = everythingSent();
    expect(sent).not.toContain('Notes-traced-8d1e');
    expect(sent).not.toContain(OPENAI_KEY);
    expect(sent).not.toContain(student.cookie.split('=')[1]!.split(';')[0]);
  });

  test('a draft the student leaves ends both spans: the request without error, the draft as abandoned', async () => {
    t = await tracedApp({ AI_BASE_URL: openai.url, AI_API_KEY: OPENAI_KEY, AI_MODEL: 'llama3.2' });
    const student = await signedInStudent(t, 'Sam Leaving');
    const tutor = await createTutorRecord(t.db);
    openai.reset();
    // One piece of text, then nothing more until the student gives up.
    openai.scenario = 'stall';
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const leaving = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}${apiPaths.reviewDrafts}`, {
      method: 'POST',
      headers: { cookie: student.cookie, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ tutorId: tutor.id, title: 'Gone', rating: 4, notes: NOTES }),
      signal: leaving.signal,
    });
    const reader = response.body!.getReader();
    while (!new TextDecoder().decode((await reader.read()).value).includes('"type":"text"'));
    leaving.abort();
    await openai.waitForAbortedStream();
    // Node's fetch may keep a spare connection open after an abort; closing would wait for it.
    t.app.server.closeAllConnections();

    const spans = await spansAfterClosing(t);
    const server = serverSpan(spans, 'POST /api/ai/review-drafts');
    expect(server).toMatchObject({ statusCode: 0, attributes: { 'http.response.status_code': 200 } });
    const [draft] = childrenOf(spans, server).filter((span) => span.name === 'chat llama3.2');
    expect(draft).toMatchObject({ statusCode: 0, attributes: { 'tutorly.ai_draft.outcome': 'abandoned' } });
  });
});

describe('a collector that is down', () => {
  let silent: Server;
  beforeAll(async () => {
    // Takes connections and never answers.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  test.each([
    ['refusing connections', async () => `http://tracer:collector-pass-71be@127.0.0.1:${await closedPort()}`],
    [
      'never answering',
      async () => `http://tracer:collector-pass-71be@127.0.0.1:${(silent.address() as AddressInfo).port}`,
    ],
  ])(
    '%s: requests are answered, closing the app waits at most 2 s, and the warning does not show its credentials',
    async (_, endpoint) => {
      t = await tracedApp({ OTEL_EXPORTER_OTLP_ENDPOINT: await endpoint() });
      const student = await signedInStudent(t);
      const tutor = await createTutorRecord(t.db);
      expect((await request(t.app, 'GET', apiPaths.tutor(tutor.id), { as: student })).statusCode).toBe(200);

      const started = performance.now();
      const { logs } = t;
      await t.close();
      // The flush gives up after 2 s, well before the exporter's 10 s of retries; the rest is closing the app.
      expect(performance.now() - started).toBeLessThan(5_000);
      const warnings = logs
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((l) => l.level === 40);
      expect(warnings.map((warning) => warning.msg)).toEqual(
        expect.arrayContaining([expect.stringContaining('traces could not be sent')]),
      );
      expect(logs.join('\n')).not.toContain('collector-pass-71be');
    },
  );
});

test('once the app is closed, nothing listens to the events any more', async () => {
  t = await tracedApp();
  expect(databaseQueries.hasSubscribers).toBe(true);
  expect(t.app.hasPlugin('tracing')).toBe(true);
  await t.close();
  expect([databaseQueries.hasSubscribers, mailSends.hasSubscribers, aiDrafts.hasSubscribers]).toEqual([
    false,
    false,
    false,
  ]);
});
