import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { auditLog, tutorReviewSummaries, type ReviewRow, type TutorRow } from '../../src/server/db/schema';
import {
  SUMMARY_ATTEMPT_WINDOW_MS,
  writeDueReviewSummaries,
  type SummaryOutcome,
} from '../../src/server/services/review-summaries/writing';
import { apiPaths } from '../../src/shared/api-paths';
import type { ReviewSummaryResponse } from '../../src/shared/review-summaries';
import { type FakeGemini, startFakeGemini } from '../fakes/fake-gemini';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/fake-openai';
import { type Actor, callAs, signedInAdmin, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import type { Method } from '../helpers/requests';
import { createReviewRecord, createTutorRecord, createUserRecord, DEFAULT_TEST_PASSWORD } from '../helpers/factories';

const GEMINI_KEY = 'gemini-key-summary-0a1b2c3d';
const OPENAI_KEY = 'openai-key-summary-4e5f6a7b';

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

const providers = [
  {
    name: 'Gemini',
    env: () => ({ GEMINI_API_KEY: GEMINI_KEY, GEMINI_BASE_URL: gemini.url }),
    fake: () => gemini,
  },
  {
    name: 'an OpenAI-compatible server',
    env: () => ({ AI_BASE_URL: openai.url, AI_API_KEY: OPENAI_KEY, AI_MODEL: 'llama3.2' }),
    fake: () => openai,
  },
] as const;

/** Everything the model was sent, as one text. */
const sentText = (body: unknown) => JSON.stringify(body);

describe.each(providers)('AI summaries of reviews through $name', (provider) => {
  let t: TestApp;
  let admin: Actor;
  let tutor: TutorRow;
  let authorIndex = 0;
  const fake = () => provider.fake();

  beforeEach(async () => {
    gemini.reset();
    openai.reset();
    t = await createTestApp({ env: provider.env() });
    admin = await signedInAdmin(t, 'Ada Admin');
    tutor = await createTutorRecord(t.db, { name: 'Grace Hopper', department: 'Computer Science' });
  });
  afterEach(async () => {
    // Review text never reaches the log, whatever happened.
    expect(t.logs.join('\n')).not.toContain('Secret-review-text');
    await t.close();
  });

  async function turnOn(on = true) {
    const response = await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { aiSummaries: on });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ aiSummaries: on });
  }

  /** A visible review by a new named author; later ones are newer (R1 is the newest). */
  async function review(overrides: { hidden?: boolean; title?: string; body?: string } = {}): Promise<ReviewRow> {
    authorIndex += 1;
    const { user } = await createUserRecord(t.db, {
      name: `Author Person${authorIndex}`,
      email: `author${authorIndex}-${Date.now()}@uni.example.edu`,
      verified: true,
    });
    return createReviewRecord(t.db, {
      tutorId: tutor.id,
      authorId: user.id,
      rating: 4,
      showName: authorIndex % 2 === 0,
      title: overrides.title ?? `Title ${authorIndex}`,
      body: overrides.body ?? `Body of review ${authorIndex}.`,
      hidden: overrides.hidden,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, authorIndex)),
    });
  }

  const run = (now = t.clock()): Promise<SummaryOutcome[]> =>
    writeDueReviewSummaries(t.db, t.app.aiProvider, now, { timeoutMs: 5_000 });

  async function shown(viewer: Actor): Promise<ReviewSummaryResponse['summary']> {
    const response = await callAs(t, viewer, 'GET', apiPaths.tutorReviewSummary(tutor.id));
    expect(response.statusCode).toBe(200);
    return (response.json() as ReviewSummaryResponse).summary;
  }

  const storedSummary = async () =>
    (await t.db.select().from(tutorReviewSummaries).where(eq(tutorReviewSummaries.tutorId, tutor.id)))[0];

  test('written in the background once there are 3 visible reviews, from visible reviews only, citing them by their real ids', async () => {
    await turnOn();
    const student = await signedInStudent(t, 'Sam Reader');
    const first = await review();
    const hidden = await review({ hidden: true, body: 'Hidden-words-9f2 should never be sent.' });
    const second = await review();
    expect(await run()).toEqual([]);
    expect(fake().requests).toHaveLength(0);

    const third = await review({ body: 'Secret-review-text is what this student wrote.' });
    // Reading the profile never asks the provider.
    expect(await shown(student)).toBeNull();
    expect(fake().requests).toHaveLength(0);

    expect(await run()).toEqual([{ tutorId: tutor.id, outcome: 'written', sentences: 2 }]);
    expect(fake().requests).toHaveLength(1);

    // Newest first: R1 is the third review, R2 the second, R3 the first.
    const summary = await shown(student);
    expect(summary).toEqual({
      sentences: [
        { text: 'Students find the explanations clear and the sessions patient.', reviewIds: [third.id, second.id] },
        { text: 'Several say the sessions are well prepared.', reviewIds: [first.id] },
      ],
      reviewCount: 3,
      generatedAt: t.clock().toISOString(),
    });

    const sent = sentText(fake().requests[0]!.body);
    expect(sent).toContain('Secret-review-text');
    expect(sent).toContain('Title 1');
    expect(sent).not.toContain('Hidden-words-9f2');
    expect(sent).not.toContain(hidden.id);
    for (const written of [first, second, third]) {
      expect(sent).not.toContain(written.id);
      expect(sent).not.toContain(written.authorId);
    }
    expect(sent).not.toMatch(/Author Person|@uni\.example\.edu/);
    expect(sent).toMatch(/\bR3\b/);
    const body = fake().requests[0]!.body as Record<string, unknown>;
    if (provider.name === 'Gemini') {
      expect(body.generationConfig).toMatchObject({ temperature: 0, responseMimeType: 'application/json' });
    } else {
      expect(body).toMatchObject({ temperature: 0, response_format: { type: 'json_schema' } });
    }

    // Nothing is due until more reviews come.
    expect(await run()).toEqual([]);
    expect(fake().requests).toHaveLength(1);
  });

  test('a reply citing a review it was not given, or none, or not JSON, is discarded whole', async () => {
    await turnOn();
    for (let i = 0; i < 3; i++) await review();
    const student = await signedInStudent(t);

    const replies = [
      [
        { text: 'Clear.', reviews: ['R1'] },
        { text: 'Invented.', reviews: ['R9'] },
      ],
      [{ text: 'Cites nothing.', reviews: [] }],
      'not json at all',
    ];
    for (const reply of replies) {
      fake().summaryReply = typeof reply === 'string' ? reply : JSON.stringify({ sentences: reply });
      const [outcome] = await run();
      expect(outcome).toMatchObject({ tutorId: tutor.id, outcome: 'discarded' });
      expect(await storedSummary()).toBeUndefined();
      expect(await shown(student)).toBeNull();
      // A discarded attempt waits its window before the next.
      t.clock.advance(SUMMARY_ATTEMPT_WINDOW_MS + 1000);
    }

    fake().reset();
    expect(await run()).toMatchObject([{ outcome: 'written' }]);
  });

  test('a summary whose reviews are not all visible reviews of the tutor is not shown', async () => {
    await turnOn();
    const reviews = [await review(), await review(), await review()];
    await run();
    const student = await signedInStudent(t);
    expect(await shown(student)).not.toBeNull();

    // Written past the services (as a bad row would be): one id of another tutor's review.
    const other = await createTutorRecord(t.db, { name: 'Alan Turing' });
    const { user } = await createUserRecord(t.db, { verified: true });
    const elsewhere = await createReviewRecord(t.db, { tutorId: other.id, authorId: user.id, rating: 3 });
    await t.db
      .update(tutorReviewSummaries)
      .set({ reviewIds: [reviews[0]!.id, reviews[1]!.id, elsewhere.id] })
      .where(eq(tutorReviewSummaries.tutorId, tutor.id));
    expect(await shown(student)).toBeNull();
  });

  test('written again after 5 more visible reviews', async () => {
    await turnOn();
    for (let i = 0; i < 3; i++) await review();
    await run();
    const student = await signedInStudent(t);
    for (let i = 0; i < 4; i++) await review();
    expect(await run()).toEqual([]);
    expect((await shown(student))?.reviewCount).toBe(3);

    await review();
    t.clock.advance(60_000);
    expect(await run()).toMatchObject([{ outcome: 'written' }]);
    const summary = await shown(student);
    expect(summary?.reviewCount).toBe(8);
    expect(summary?.generatedAt).toBe(t.clock().toISOString());
    expect(fake().requests).toHaveLength(2);
  });

  test.each([
    ['hidden by a moderator', (review: ReviewRow) => ['POST', apiPaths.hideReview(review.id), { reason: 'Insults.' }]],
    ['deleted by a moderator', (review: ReviewRow) => ['DELETE', apiPaths.adminReview(review.id), { reason: 'Spam.' }]],
  ] satisfies [string, (review: ReviewRow) => [Method, string, object]][])(
    'a summarized review %s makes the summary stale: not shown, then written again without it',
    async (_, action) => {
      await turnOn();
      const reviews = [await review(), await review(), await review(), await review()];
      await run();
      const student = await signedInStudent(t);
      expect(await shown(student)).not.toBeNull();

      const [method, url, payload] = action(reviews[0]!);
      expect((await callAs(t, admin, method, url, payload)).statusCode).toBeLessThan(300);
      expect((await storedSummary())?.staleAt).not.toBeNull();
      expect(await shown(student)).toBeNull();

      expect(await run()).toMatchObject([{ outcome: 'written' }]);
      const summary = await shown(student);
      expect(summary?.reviewCount).toBe(3);
      expect(summary?.sentences.flatMap((sentence) => sentence.reviewIds)).not.toContain(reviews[0]!.id);
      expect(sentText(fake().requests[1]!.body)).not.toContain(reviews[0]!.body);
    },
  );

  test("the author's edit or deletion of a summarized review makes the summary stale", async () => {
    await turnOn();
    const author = await signedInStudent(t, 'Ann Author');
    const own = await createReviewRecord(t.db, { tutorId: tutor.id, authorId: author.user.id, rating: 5 });
    for (let i = 0; i < 3; i++) await review();
    await run();

    const edited = await callAs(t, author, 'PATCH', apiPaths.review(own.id), {
      title: 'Changed my mind',
      body: 'Rewritten.',
      rating: 2,
    });
    expect(edited.statusCode).toBe(200);
    expect(await shown(author)).toBeNull();
    expect(await run()).toMatchObject([{ outcome: 'written' }]);
    expect(await shown(author)).not.toBeNull();

    expect((await callAs(t, author, 'DELETE', apiPaths.review(own.id))).statusCode).toBe(204);
    expect(await shown(author)).toBeNull();
    expect((await storedSummary())?.staleAt).not.toBeNull();
  });

  test("deleting the account of a summarized review's author makes the summary stale", async () => {
    await turnOn();
    const author = await signedInStudent(t, 'Leaving Student');
    await createReviewRecord(t.db, { tutorId: tutor.id, authorId: author.user.id, rating: 5 });
    for (let i = 0; i < 3; i++) await review();
    await run();
    expect((await storedSummary())?.staleAt).toBeNull();

    const deleted = await callAs(t, author, 'DELETE', apiPaths.account, {
      currentPassword: DEFAULT_TEST_PASSWORD,
      confirmEmail: author.user.email,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await storedSummary())?.staleAt).not.toBeNull();
  });

  test('a review outside the summary leaves it as it is', async () => {
    await turnOn();
    for (let i = 0; i < 3; i++) await review();
    await run();
    const later = await review();
    expect((await callAs(t, admin, 'POST', apiPaths.hideReview(later.id), { reason: 'Off topic.' })).statusCode).toBe(
      200,
    );
    expect((await storedSummary())?.staleAt).toBeNull();
  });

  test('nothing is written or shown while the setting is off', async () => {
    for (let i = 0; i < 3; i++) await review();
    expect(await run()).toEqual([]);
    expect(fake().requests).toHaveLength(0);

    await turnOn();
    expect(await t.db.select().from(auditLog)).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        action: 'settings_updated',
        data: { changes: { aiSummaries: true } },
      }),
    ]);
    await run();
    const student = await signedInStudent(t);
    expect(await shown(student)).not.toBeNull();
    await turnOn(false);
    expect(await shown(student)).toBeNull();
  });

  test('a provider failure keeps the summary there was, stops the run, and is tried again a window later', async () => {
    await turnOn();
    for (let i = 0; i < 3; i++) await review();
    await run();
    const student = await signedInStudent(t);
    const before = await shown(student);

    for (let i = 0; i < 5; i++) await review();
    const secondTutor = await createTutorRecord(t.db, { name: 'Barbara Liskov' });
    for (let i = 0; i < 3; i++) {
      const { user } = await createUserRecord(t.db, { verified: true });
      await createReviewRecord(t.db, { tutorId: secondTutor.id, authorId: user.id, rating: 5 });
    }
    fake().scenario = 'server-error';
    const outcomes = await run();
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('ai_provider_error') });
    expect(await shown(student)).toEqual(before);

    // The failed tutor waits; the other is tried (and fails) on the next run: one request a run.
    const requestsBefore = fake().requests.length;
    const next = await run();
    expect(next).toHaveLength(1);
    expect(next[0]!.tutorId).not.toBe(outcomes[0]!.tutorId);
    expect(fake().requests.length).toBe(requestsBefore + 1);

    fake().scenario = 'draft';
    t.clock.advance(SUMMARY_ATTEMPT_WINDOW_MS + 1000);
    expect((await run()).map((outcome) => outcome.outcome)).toEqual(['written', 'written']);
    expect((await shown(student))?.reviewCount).toBe(8);
  });
});

describe('an OpenAI-compatible server that knows only JSON mode', () => {
  let jsonModeOnly: FakeOpenAi;
  let t: TestApp;
  beforeAll(async () => {
    jsonModeOnly = await startFakeOpenAi({ jsonSchema: false });
  });
  afterAll(() => jsonModeOnly.close());
  afterEach(() => t.close());

  test('is asked again in JSON mode, and its summary is written', async () => {
    t = await createTestApp({ env: { AI_BASE_URL: jsonModeOnly.url, AI_MODEL: 'llama3.2' } });
    const admin = await signedInAdmin(t);
    expect((await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { aiSummaries: true })).statusCode).toBe(200);
    const tutor = await createTutorRecord(t.db, { name: 'Grace Hopper' });
    for (let i = 0; i < 3; i++) {
      const { user } = await createUserRecord(t.db, { verified: true });
      await createReviewRecord(t.db, { tutorId: tutor.id, authorId: user.id, rating: 4 });
    }

    const outcomes = await writeDueReviewSummaries(t.db, t.app.aiProvider, t.clock(), { timeoutMs: 5_000 });
    expect(outcomes).toEqual([{ tutorId: tutor.id, outcome: 'written', sentences: 2 }]);
    expect(
      jsonModeOnly.requests.map((request) => (request.body as { response_format: unknown }).response_format),
    ).toEqual([expect.objectContaining({ type: 'json_schema' }), { type: 'json_object' }]);
  });
});

describe('without an AI provider', () => {
  let t: TestApp;
  afterEach(() => t.close());

  test('nothing is written, and a stored summary is not shown', async () => {
    t = await createTestApp({ env: { AI_PROVIDER: 'none' } });
    const admin = await signedInAdmin(t);
    const tutor = await createTutorRecord(t.db, { name: 'Grace Hopper' });
    const reviews: ReviewRow[] = [];
    for (let i = 0; i < 3; i++) {
      const { user } = await createUserRecord(t.db, { verified: true });
      reviews.push(await createReviewRecord(t.db, { tutorId: tutor.id, authorId: user.id, rating: 4 }));
    }
    expect((await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { aiSummaries: true })).statusCode).toBe(200);
    expect(await writeDueReviewSummaries(t.db, t.app.aiProvider, t.clock(), { timeoutMs: 1000 })).toEqual([]);

    await t.db.insert(tutorReviewSummaries).values({
      tutorId: tutor.id,
      sentences: [{ text: 'Kind.', reviewIds: [reviews[0]!.id] }],
      reviewIds: reviews.map((review) => review.id),
      reviewCountAtGeneration: 3,
      provider: 'gemini',
      model: 'gemini-2.5-flash',
      generatedAt: t.clock(),
    });
    const response = await callAs(t, admin, 'GET', apiPaths.tutorReviewSummary(tutor.id));
    expect(response.json()).toEqual({ summary: null });
  });

  test('an unknown or malformed tutor id is not found', async () => {
    t = await createTestApp({ env: { AI_PROVIDER: 'none' } });
    const student = await signedInStudent(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await callAs(t, student, 'GET', apiPaths.tutorReviewSummary(id))).statusCode).toBe(404);
    }
  });
});
