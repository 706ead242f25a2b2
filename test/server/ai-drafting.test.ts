import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { aiDrafts, type TutorRow } from '../../src/server/db/schema';
import {
  AI_NEEDS_TUTOR_MESSAGE,
  type AiProviderCheck,
  type AiStatus,
  type DraftEvent,
  draftEventSchema,
} from '../../src/shared/ai-drafting';
import { PUBLIC_TUTORS_ONLY_MESSAGE, REVIEW_BODY_MAX_LENGTH } from '../../src/shared/reviews';
import { apiPaths } from '../../src/shared/api-paths';
import { type FakeGemini, startFakeGemini } from '../fakes/fake-gemini';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/fake-openai';
import { type Actor, callAs, signedInAdmin, signedInStudent, sessionCookieFor } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTutorRecord, createUserRecord } from '../helpers/factories';

const GEMINI_KEY = 'gemini-key-5f0c2e7a91d34b6f';
const OPENAI_KEY = 'openai-key-b81d4c0e6a2f7395';
/** Words only the student wrote: they must reach the provider and nothing else (no log line). */
const STUDENT_NOTES = 'Notes-3c9e: she went through my parser line by line in office hours.';

let gemini: FakeGemini;
let openai: FakeOpenAi;
beforeAll(async () => {
  gemini = await startFakeGemini({ apiKey: GEMINI_KEY });
  openai = await startFakeOpenAi({ apiKey: OPENAI_KEY });
});
afterAll(async () => {
  await gemini.close();
  await openai.close();
});

const geminiEnv = (overrides: Record<string, string> = {}) => ({
  GEMINI_API_KEY: GEMINI_KEY,
  GEMINI_BASE_URL: gemini.url,
  ...overrides,
});
const openAiEnv = (overrides: Record<string, string> = {}) => ({
  AI_BASE_URL: openai.url,
  AI_API_KEY: OPENAI_KEY,
  AI_MODEL: 'llama3.2',
  ...overrides,
});

let t: TestApp;
let student: Actor;
let tutor: TutorRow;
async function start(env: Record<string, string>) {
  t = await createTestApp({ env });
  student = await signedInStudent(t, 'Sam Student');
  tutor = await createTutorRecord(t.db, {
    name: 'Grace Hopper',
    department: 'Computer Science',
    courses: ['Compilers'],
  });
}
beforeEach(() => {
  gemini.reset();
  openai.reset();
  gemini.chunkDelayMs = 20;
  openai.chunkDelayMs = 20;
});
afterEach(async () => {
  // Whatever a test did, neither key nor the student's words may have reached the log.
  const log = t.logs.join('\n');
  expect(log).not.toContain(GEMINI_KEY);
  expect(log).not.toContain(OPENAI_KEY);
  expect(log).not.toContain('Notes-3c9e');
  // After an aborted fetch, Node's fetch opens a spare connection that never sends a request;
  // the server would wait for it to time out before closing.
  if (t.app.server.listening) t.app.server.closeAllConnections();
  await t.close();
});

function draftRequest(overrides: Record<string, unknown> = {}) {
  return { tutorId: tutor.id, title: 'Patient and precise', rating: 5, notes: STUDENT_NOTES, ...overrides };
}

interface StreamedDraft {
  status: number;
  headers: Headers;
  raw: string;
  events: DraftEvent[];
  /** How many separate reads from the socket carried draft text. */
  textReads: number;
}

/** Posts a draft request over a real connection and reads the answer as it arrives. */
async function streamDraftOverHttp(
  actor: Actor,
  body: object,
  options: { signal?: AbortSignal; onFirstText?: () => void } = {},
): Promise<StreamedDraft> {
  if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}${apiPaths.reviewDrafts}`, {
    method: 'POST',
    headers: { cookie: actor.cookie, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal: options.signal,
  });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let raw = '';
  let textReads = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const piece = decoder.decode(value, { stream: true });
    if (piece.includes('"type":"text"')) {
      textReads += 1;
      if (textReads === 1) options.onFirstText?.();
    }
    raw += piece;
  }
  return { status: response.status, headers: response.headers, raw, events: parseEvents(raw), textReads };
}

function parseEvents(raw: string): DraftEvent[] {
  return raw
    .split('\n\n')
    .flatMap((block) => block.split('\n').filter((line) => line.startsWith('data: ')))
    .map((line) => draftEventSchema.parse(JSON.parse(line.slice('data: '.length))));
}

const textOf = (events: DraftEvent[]) =>
  events.flatMap((event) => (event.type === 'text' ? [event.text] : [])).join('');
const lastOf = (events: DraftEvent[]) => events[events.length - 1];

async function draftRows() {
  return t.db.select().from(aiDrafts).where(eq(aiDrafts.userId, student.user.id));
}

async function status(actor: Actor = student): Promise<AiStatus> {
  const response = await callAs(t, actor, 'GET', apiPaths.aiStatus);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('drafting with Gemini', () => {
  beforeEach(() => start(geminiEnv()));

  test('the draft streams to the browser in several pieces as the model writes it', async () => {
    const draft = await streamDraftOverHttp(student, draftRequest());

    expect(draft.status).toBe(200);
    expect(draft.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(draft.textReads).toBeGreaterThanOrEqual(3);
    expect(textOf(draft.events)).toBe(gemini.draftText);
    expect(lastOf(draft.events)).toEqual({ type: 'done', truncated: false });
    expect(draft.raw).not.toContain(GEMINI_KEY);
    expect(await draftRows()).toEqual([
      expect.objectContaining({
        provider: 'gemini',
        model: 'gemini-flash-latest',
        outcome: 'completed',
        counted: true,
      }),
    ]);
  });

  test("the request follows spec section 9 and carries the tutor and the student's words", async () => {
    await streamDraftOverHttp(student, draftRequest());

    const [request] = gemini.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/v1beta/models/gemini-flash-latest:streamGenerateContent',
      query: { alt: 'sse' },
    });
    expect(request!.headers['x-goog-api-key']).toBe(GEMINI_KEY);
    const body = request!.body as {
      contents: { role: string; parts: { text: string }[] }[];
      generationConfig: Record<string, unknown>;
      systemInstruction: unknown;
    };
    expect(body.generationConfig).toEqual({
      temperature: 1,
      topP: 0.95,
      topK: 40,
      maxOutputTokens: 8192,
      responseMimeType: 'text/plain',
    });
    expect(body.systemInstruction).toBeDefined();
    expect(body.contents).toHaveLength(1);
    const prompt = body.contents[0]!.parts[0]!.text;
    expect(body.contents[0]!.role).toBe('user');
    for (const part of [
      'Grace Hopper',
      'Computer Science',
      'Compilers',
      '"Patient and precise"',
      'warmly positive',
      STUDENT_NOTES,
    ]) {
      expect(prompt).toContain(part);
    }
    expect(prompt).toContain('more than 2000 and fewer than 2500 characters');
    expect(prompt).toContain('Do not mention the rating');
  });

  test.each([
    ['blocked-prompt', 'ai_blocked', /safety filters blocked this draft/],
    ['blocked-response', 'ai_blocked', /safety filters blocked this draft/],
    ['empty', 'ai_empty', /empty draft/],
    ['server-error', 'ai_provider_error', /not working right now/],
    ['rate-limited', 'ai_busy', /busy right now/],
    ['model-not-found', 'ai_provider_refused', /tell an administrator/],
    ['disconnect', 'ai_provider_error', /not working right now/],
  ] as const)('%s ends the stream with an %s error event in plain words', async (scenario, code, message) => {
    gemini.scenario = scenario;

    const draft = await streamDraftOverHttp(student, draftRequest());

    expect(draft.status).toBe(200);
    expect(lastOf(draft.events)).toEqual({ type: 'error', code, message: expect.stringMatching(message) });
    expect(draft.events.filter((event) => event.type !== 'text')).toHaveLength(1);
    const [row] = await draftRows();
    expect(row).toMatchObject({ outcome: 'failed', failure: code });
    expect(t.logs.some((line) => line.includes('"AI draft failed"') && line.includes(`"code":"${code}"`))).toBe(true);
  });

  test('a stalled stream is stopped at the time limit and the upstream request is cancelled', async () => {
    await t.close();
    await start(geminiEnv({ AI_TIMEOUT_SECONDS: '0.5' }));
    gemini.scenario = 'stall';

    const draft = await streamDraftOverHttp(student, draftRequest());

    expect(lastOf(draft.events)).toEqual({
      type: 'error',
      code: 'ai_timeout',
      message: expect.stringContaining('took longer than'),
    });
    await gemini.waitForAbortedStream({ timeoutMs: 2000 });
    expect(await draftRows()).toEqual([
      expect.objectContaining({ outcome: 'failed', failure: 'ai_timeout', counted: true }),
    ]);
  });

  test('a wrong key is refused by the provider; the answer and the log name no key', async () => {
    await t.close();
    await start(geminiEnv({ GEMINI_API_KEY: 'gemini-key-wrong-000111' }));

    const draft = await streamDraftOverHttp(student, draftRequest());

    expect(lastOf(draft.events)).toMatchObject({ type: 'error', code: 'ai_provider_refused' });
    expect(draft.raw).not.toContain('gemini-key-wrong-000111');
    expect(t.logs.join('\n')).not.toContain('gemini-key-wrong-000111');
    expect(t.logs.some((line) => line.includes('"reason":"API_KEY_INVALID"'))).toBe(true);
  });

  test('an unreachable provider is a provider error', async () => {
    await t.close();
    await start(geminiEnv({ GEMINI_BASE_URL: 'http://127.0.0.1:9' }));

    const draft = await streamDraftOverHttp(student, draftRequest());

    expect(lastOf(draft.events)).toMatchObject({ type: 'error', code: 'ai_provider_error' });
  });

  test('a draft longer than a review may be is cut there, and the model is stopped', async () => {
    gemini.draftText = 'The seminars were excellent and well prepared. '.repeat(200);

    const draft = await streamDraftOverHttp(student, draftRequest());

    const text = textOf(draft.events);
    expect(text.length).toBeLessThanOrEqual(REVIEW_BODY_MAX_LENGTH);
    expect(text.length).toBeGreaterThan(REVIEW_BODY_MAX_LENGTH * 0.9);
    expect(lastOf(draft.events)).toEqual({ type: 'done', truncated: true });
    await gemini.waitForAbortedStream({ timeoutMs: 2000 });
  });

  test('closing the connection cancels the upstream request, and the draft is recorded as stopped', async () => {
    gemini.scenario = 'stall';
    const leaving = new AbortController();

    await expect(
      streamDraftOverHttp(student, draftRequest(), { signal: leaving.signal, onFirstText: () => leaving.abort() }),
    ).rejects.toThrow();

    await gemini.waitForAbortedStream({ timeoutMs: 2000 });
    await expect.poll(async () => (await draftRows())[0]?.outcome).toBe('stopped');
  });

  test('only the tutor is required; title, rating and notes may be empty', async () => {
    const draft = await streamDraftOverHttp(student, { tutorId: tutor.id });

    expect(lastOf(draft.events)).toEqual({ type: 'done', truncated: false });
    const prompt = (gemini.requests[0]!.body as { contents: { parts: { text: string }[] }[] }).contents[0]!.parts[0]!
      .text;
    expect(prompt).toContain('Keep the tone balanced.');
  });

  test('the status names the provider and counts the drafts left', async () => {
    expect(await status()).toEqual({
      available: true,
      reason: null,
      provider: 'gemini',
      providerLabel: 'Gemini (Google)',
      model: 'gemini-flash-latest',
      draftsPerHour: 10,
      draftsLeft: 10,
      nextDraftAt: null,
    });
    await callAs(t, student, 'POST', apiPaths.reviewDrafts, draftRequest());
    expect((await status()).draftsLeft).toBe(9);
  });
});

describe('drafting with an OpenAI-compatible server', () => {
  beforeEach(() => start(openAiEnv()));

  test('streams the draft in several pieces through the chat completions API', async () => {
    const draft = await streamDraftOverHttp(student, draftRequest());

    expect(draft.textReads).toBeGreaterThanOrEqual(3);
    expect(textOf(draft.events)).toBe(openai.draftText);
    expect(lastOf(draft.events)).toEqual({ type: 'done', truncated: false });
    const [request] = openai.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(request!.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    const body = request!.body as {
      model: string;
      stream: boolean;
      temperature: number;
      top_p: number;
      messages: { role: string; content: string }[];
    };
    expect(body).toMatchObject({ model: 'llama3.2', stream: true, temperature: 1, top_p: 0.95 });
    expect(body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(body.messages[1]!.content).toContain(STUDENT_NOTES);
    expect((await status()).providerLabel).toBe(`the AI model "llama3.2" at ${new URL(openai.url).host}`);
  });

  test.each([
    ['content-filter', 'ai_blocked'],
    ['empty', 'ai_empty'],
    ['server-error', 'ai_provider_error'],
    ['rate-limited', 'ai_busy'],
    ['model-not-found', 'ai_provider_refused'],
    ['disconnect', 'ai_provider_error'],
  ] as const)('%s gives an %s error event', async (scenario, code) => {
    openai.scenario = scenario;

    const draft = await streamDraftOverHttp(student, draftRequest());

    expect(lastOf(draft.events)).toMatchObject({ type: 'error', code });
  });

  test('a stalled stream times out and is cancelled upstream', async () => {
    await t.close();
    await start(openAiEnv({ AI_TIMEOUT_SECONDS: '0.5' }));
    openai.scenario = 'stall';

    const draft = await streamDraftOverHttp(student, draftRequest());

    expect(lastOf(draft.events)).toMatchObject({ type: 'error', code: 'ai_timeout' });
    await openai.waitForAbortedStream({ timeoutMs: 2000 });
  });

  test('a server that needs no key (Ollama) works too', async () => {
    const keyless = await startFakeOpenAi();
    try {
      await t.close();
      await start({ AI_BASE_URL: keyless.url, AI_MODEL: 'llama3.2' });
      keyless.chunkDelayMs = 1;
      const draft = await streamDraftOverHttp(student, draftRequest());
      expect(lastOf(draft.events)).toEqual({ type: 'done', truncated: false });
    } finally {
      await keyless.close();
    }
  });
});

describe('the hourly limit', () => {
  beforeEach(() => start(geminiEnv({ AI_DRAFTS_PER_HOUR: '2' })));

  test('answers 429 with a clear message once used up, and frees a draft an hour after the first', async () => {
    gemini.chunkDelayMs = 0;
    expect((await callAs(t, student, 'POST', apiPaths.reviewDrafts, draftRequest())).statusCode).toBe(200);
    const firstAt = t.clock();
    t.clock.advance(10 * 60_000);
    expect((await callAs(t, student, 'POST', apiPaths.reviewDrafts, draftRequest())).statusCode).toBe(200);
    t.clock.advance(10 * 60_000);

    const refused = await callAs(t, student, 'POST', apiPaths.reviewDrafts, draftRequest());

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: 'You have used all 2 AI drafts for this hour. You can ask for another in 40 minutes.',
      },
    });
    expect(Number(refused.headers['retry-after'])).toBe(40 * 60);
    expect(gemini.requests).toHaveLength(2);
    expect(await status()).toMatchObject({
      draftsLeft: 0,
      nextDraftAt: new Date(firstAt.getTime() + 60 * 60_000).toISOString(),
    });

    t.clock.advance(40 * 60_000 + 1000);
    expect((await status()).draftsLeft).toBe(1);
    expect((await callAs(t, student, 'POST', apiPaths.reviewDrafts, draftRequest())).statusCode).toBe(200);
  });

  test('is per student', async () => {
    gemini.chunkDelayMs = 0;
    for (let i = 0; i < 2; i++) await callAs(t, student, 'POST', apiPaths.reviewDrafts, draftRequest());
    const other = await signedInStudent(t, 'Olive Other');

    expect((await callAs(t, other, 'POST', apiPaths.reviewDrafts, draftRequest())).statusCode).toBe(200);
  });

  test('simultaneous requests cannot slip past it', async () => {
    gemini.chunkDelayMs = 0;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => callAs(t, student, 'POST', apiPaths.reviewDrafts, draftRequest())),
    );

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 429, 429, 429, 429]);
  });

  test("failures on the provider's side are given back; a blocked draft counts", async () => {
    gemini.scenario = 'server-error';
    for (let i = 0; i < 3; i++) await callAs(t, student, 'POST', apiPaths.reviewDrafts, draftRequest());
    expect((await status()).draftsLeft).toBe(2);

    gemini.scenario = 'blocked-prompt';
    await callAs(t, student, 'POST', apiPaths.reviewDrafts, draftRequest());
    expect((await status()).draftsLeft).toBe(1);
  });
});

describe('drafts that time out', () => {
  test.each([
    ['Gemini', () => geminiEnv({ AI_DRAFTS_PER_HOUR: '3', AI_TIMEOUT_SECONDS: '0.3' }), () => gemini],
    [
      'an OpenAI-compatible server',
      () => openAiEnv({ AI_DRAFTS_PER_HOUR: '3', AI_TIMEOUT_SECONDS: '0.3' }),
      () => openai,
    ],
  ] as const)(
    'count against the hourly limit: a stalling %s is asked no more than the limit',
    async (_name, env, fake) => {
      await start(env());
      fake().scenario = 'stall';

      const answers = [];
      for (let i = 0; i < 5; i++) {
        const draft = await streamDraftOverHttp(student, draftRequest());
        answers.push(draft.status === 200 ? lastOf(draft.events)?.type : draft.status);
      }

      expect(answers).toEqual(['error', 'error', 'error', 429, 429]);
      expect(fake().requests).toHaveLength(3);
      expect((await status()).draftsLeft).toBe(0);
    },
  );

  test('a draft cut off after the provider started on it counts; one refused before any text is given back', async () => {
    await start(geminiEnv({ AI_DRAFTS_PER_HOUR: '3' }));
    gemini.scenario = 'disconnect';
    await streamDraftOverHttp(student, draftRequest());
    gemini.scenario = 'server-error';
    await streamDraftOverHttp(student, draftRequest());
    gemini.scenario = 'rate-limited';
    await streamDraftOverHttp(student, draftRequest());

    expect((await draftRows()).map((row) => [row.failure, row.counted]).sort()).toEqual([
      ['ai_busy', false],
      ['ai_provider_error', false],
      ['ai_provider_error', true],
    ]);
    expect((await status()).draftsLeft).toBe(2);
  });
});

describe('drafts running at once on one instance', () => {
  test('are held to AI_MAX_CONCURRENT_DRAFTS: one more is refused with a clear 503, not counted, and never reaches the provider', async () => {
    await start(geminiEnv({ AI_MAX_CONCURRENT_DRAFTS: '2', AI_TIMEOUT_SECONDS: '10' }));
    gemini.scenario = 'stall';
    const others = [student, await signedInStudent(t, 'Olive Other')];
    const third = await signedInStudent(t, 'Tess Third');
    const leaving = new AbortController();
    let running = 0;
    const allStarted = new Promise<void>((resolve) => {
      for (const actor of others) {
        streamDraftOverHttp(actor, draftRequest(), {
          signal: leaving.signal,
          onFirstText: () => {
            running += 1;
            if (running === others.length) resolve();
          },
        }).catch(() => undefined);
      }
    });
    await allStarted;

    const refused = await callAs(t, third, 'POST', apiPaths.reviewDrafts, draftRequest());

    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      error: {
        code: 'ai_unavailable',
        message: 'Too many AI drafts are being written right now. Please try again in a minute.',
      },
    });
    expect(gemini.requests).toHaveLength(2);
    expect((await status(third)).draftsLeft).toBe(10);

    leaving.abort();
    await gemini.waitForAbortedStream({ count: 2, timeoutMs: 2000 });
    gemini.scenario = 'draft';
    await expect
      .poll(async () => (await callAs(t, third, 'POST', apiPaths.reviewDrafts, draftRequest())).statusCode)
      .toBe(200);
  });
});

describe('who may draft, and about whom', () => {
  beforeEach(() => start(geminiEnv()));

  test('anonymous visitors and unverified accounts are refused', async () => {
    for (const [method, url] of [
      ['GET', apiPaths.aiStatus],
      ['POST', apiPaths.reviewDrafts],
    ] as const) {
      expect((await callAs(t, undefined, method, url, method === 'POST' ? draftRequest() : undefined)).statusCode).toBe(
        401,
      );
    }
    const { user } = await createUserRecord(t.db, { verified: false });
    const unverified = { user, cookie: await sessionCookieFor(t, user.id) };
    expect((await callAs(t, unverified, 'GET', apiPaths.aiStatus)).statusCode).toBe(403);
    const refused = await callAs(t, unverified, 'POST', apiPaths.reviewDrafts, draftRequest());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('email_not_verified');
    expect(gemini.requests).toHaveLength(0);
  });

  test('a tutor is required, and must be public and visible', async () => {
    const noTutor = await callAs(t, student, 'POST', apiPaths.reviewDrafts, { title: 'x', notes: 'y' });
    expect(noTutor.statusCode).toBe(400);
    expect(noTutor.json().error.message).toBe(AI_NEEDS_TUTOR_MESSAGE);

    const unknown = await callAs(
      t,
      student,
      'POST',
      apiPaths.reviewDrafts,
      draftRequest({ tutorId: '6f1c2b1e-8d0a-4c3e-9b7a-2f5d4e3c1a00' }),
    );
    expect(unknown.statusCode).toBe(404);

    const pending = await createTutorRecord(t.db, { status: 'pending', submittedBy: student.user.id });
    const ownPending = await callAs(t, student, 'POST', apiPaths.reviewDrafts, draftRequest({ tutorId: pending.id }));
    expect(ownPending.statusCode).toBe(403);
    expect(ownPending.json().error.message).toBe(PUBLIC_TUTORS_ONLY_MESSAGE);
    const other = await signedInStudent(t, 'Olive Other');
    expect(
      (await callAs(t, other, 'POST', apiPaths.reviewDrafts, draftRequest({ tutorId: pending.id }))).statusCode,
    ).toBe(404);

    expect(gemini.requests).toHaveLength(0);
    expect(await t.db.select().from(aiDrafts)).toEqual([]);
  });

  test('bad input gets a clear 400', async () => {
    const tooLong = await callAs(
      t,
      student,
      'POST',
      apiPaths.reviewDrafts,
      draftRequest({ notes: 'x'.repeat(REVIEW_BODY_MAX_LENGTH + 1) }),
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe(`The review must be at most ${REVIEW_BODY_MAX_LENGTH} characters.`);
    const badRating = await callAs(t, student, 'POST', apiPaths.reviewDrafts, draftRequest({ rating: 6 }));
    expect(badRating.statusCode).toBe(400);
    expect(gemini.requests).toHaveLength(0);
  });
});

describe('without a provider', () => {
  beforeEach(() => start({}));

  test('the status says drafting is off and why, and a draft request gets 503', async () => {
    expect(await status()).toMatchObject({
      available: false,
      reason: "AI drafting isn't available on this site.",
      provider: null,
      providerLabel: null,
    });

    const refused = await callAs(t, student, 'POST', apiPaths.reviewDrafts, draftRequest());

    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      error: { code: 'ai_unavailable', message: "AI drafting isn't available on this site." },
    });
  });

  test("the admin's check says so too", async () => {
    const admin = await signedInAdmin(t);
    const check = await callAs(t, admin, 'POST', apiPaths.adminAiCheck);
    expect(check.json()).toEqual({
      ok: false,
      provider: null,
      model: null,
      latencyMs: null,
      message: 'No AI provider is configured.',
    });
  });
});

describe("the administrator's provider check", () => {
  test('reports the reply of a working provider', async () => {
    await start(geminiEnv());
    gemini.draftText = 'Ready to help students draft reviews.';
    const admin = await signedInAdmin(t);

    const check = await callAs(t, admin, 'POST', apiPaths.adminAiCheck);

    expect(check.json<AiProviderCheck>()).toEqual({
      ok: true,
      provider: 'gemini',
      model: 'gemini-flash-latest',
      latencyMs: expect.any(Number),
      message: 'Ready to help students draft reviews.',
    });
    expect(gemini.requests[0]!.path).toBe('/v1beta/models/gemini-flash-latest:generateContent');
  });

  test('names the status and reason of a refusal, without the key', async () => {
    await start(geminiEnv({ GEMINI_API_KEY: 'gemini-key-wrong-000111' }));
    const admin = await signedInAdmin(t);

    const check = await callAs(t, admin, 'POST', apiPaths.adminAiCheck);

    expect(check.json<AiProviderCheck>()).toMatchObject({
      ok: false,
      message: expect.stringContaining('(HTTP 400, API_KEY_INVALID)'),
    });
    expect(check.body).not.toContain('gemini-key-wrong');
  });

  test('is for administrators only', async () => {
    await start(openAiEnv());

    expect((await callAs(t, undefined, 'POST', apiPaths.adminAiCheck)).statusCode).toBe(401);
    expect((await callAs(t, student, 'POST', apiPaths.adminAiCheck)).statusCode).toBe(403);
    expect(openai.requests).toHaveLength(0);
  });
});
