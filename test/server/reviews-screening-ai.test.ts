import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { reviews, type TutorRow } from '../../src/server/db/schema';
import { apiPaths } from '../../src/shared/api-paths';
import { type FakeGemini, startFakeGemini } from '../fakes/fake-gemini';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/fake-openai';
import { type Actor, callAs, signedInAdmin, signedInStudent } from '../helpers/actors';
import { createTestApp, type TestApp } from '../helpers/app';
import { createTutorRecord } from '../helpers/factories';
import { reviewDraft } from '../helpers/review-requests';

// The AI provider's second opinion on a review, through the fake servers speaking Gemini's and
// the OpenAI-compatible wire formats: asked for JSON at temperature 0, merged with the rules,
// and never in the way when it fails.

const GEMINI_KEY = 'gemini-key-screening-0a1b2c';
const OPENAI_KEY = 'openai-key-screening-3d4e5f';
/** Words only the student wrote: they may reach the provider, never the log. */
const BODY = 'Notes-7e21: he keeps staring at the students during the tutorial.';
const QUOTE = 'staring at the students';

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

const providers = {
  gemini: () => ({
    fake: gemini as FakeGemini | FakeOpenAi,
    env: { GEMINI_API_KEY: GEMINI_KEY, GEMINI_BASE_URL: gemini.url },
  }),
  'OpenAI-compatible': () => ({
    fake: openai as FakeGemini | FakeOpenAi,
    env: { AI_BASE_URL: openai.url, AI_API_KEY: OPENAI_KEY, AI_MODEL: 'llama3.2' },
  }),
};

let t: TestApp | undefined;
let student: Actor;
let tutor: TutorRow;
afterEach(async () => {
  gemini.reset();
  openai.reset();
  await t?.close();
  t = undefined;
});

async function start(env: Record<string, string>, aiScreening: boolean) {
  t = await createTestApp({ env });
  student = await signedInStudent(t, 'Sam Student');
  const admin = await signedInAdmin(t, 'Dana Dean');
  tutor = await createTutorRecord(t.db, { name: 'Grace Hopper' });
  const saved = await callAs(t, admin, 'PATCH', apiPaths.adminSettings, { aiScreening });
  expect(saved.statusCode, saved.body).toBe(200);
}

const verdict = (findings: object[]) => JSON.stringify({ findings });

describe.each(Object.keys(providers) as (keyof typeof providers)[])('%s', (name) => {
  test("its findings join the rules', asked for JSON following the verdict's schema at temperature 0; the student sees them before publishing", async () => {
    const { fake, env } = providers[name]();
    await start(env, true);
    fake.draftText = verdict([{ category: 'appearance', field: 'body', quote: QUOTE }]);
    const refused = await callAs(t!, student, 'POST', apiPaths.reviews, reviewDraft(tutor.id, { body: BODY }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.screeningFindings).toEqual([
      {
        category: 'appearance',
        field: 'body',
        start: BODY.indexOf(QUOTE),
        end: BODY.indexOf(QUOTE) + QUOTE.length,
        source: 'ai',
      },
    ]);
    const asked = fake.requests.at(-1)!.body as Record<string, unknown>;
    // The verdict's JSON Schema constrains the reply where the provider can.
    if (name === 'gemini') {
      expect(asked.generationConfig).toMatchObject({
        temperature: 0,
        responseMimeType: 'application/json',
        responseJsonSchema: { required: ['findings'] },
      });
    } else {
      expect(asked).toMatchObject({
        temperature: 0,
        response_format: { type: 'json_schema', json_schema: { name: 'screening_verdict' } },
      });
    }
    expect(JSON.stringify(asked)).toContain('Notes-7e21');

    const published = await callAs(
      t!,
      student,
      'POST',
      apiPaths.reviews,
      reviewDraft(tutor.id, { body: BODY, screeningAcknowledged: true }),
    );
    expect(published.statusCode, published.body).toBe(201);
    const [stored] = await t!.db.select().from(reviews);
    expect(stored!.flaggedAt).not.toBeNull();
  });

  test.each([
    ['an outage', 'server-error'],
    ['a slow answer', 'stall'],
  ] as const)('%s: the rules decide, the student is not held up, the log has no review text', async (_, scenario) => {
    const { fake, env } = providers[name]();
    await start(env, true);
    fake.scenario = scenario;
    const started = Date.now();
    const response = await callAs(t!, student, 'POST', apiPaths.reviews, reviewDraft(tutor.id, { body: BODY }));
    expect(response.statusCode, response.body).toBe(201);
    expect(Date.now() - started).toBeLessThan(6000);
    const log = t!.logs.join('\n');
    expect(log).toContain('AI screening failed; the rules decide');
    expect(log).not.toContain('Notes-7e21');
  });

  test('a reply that is no verdict adds nothing', async () => {
    const { fake, env } = providers[name]();
    await start(env, true);
    fake.draftText = 'Looks fine to me!';
    const response = await callAs(t!, student, 'POST', apiPaths.reviews, reviewDraft(tutor.id, { body: BODY }));
    expect(response.statusCode, response.body).toBe(201);
    expect(t!.logs.join('\n')).toContain('reply not JSON');
  });

  test('not asked unless the administrator turns it on', async () => {
    const { fake, env } = providers[name]();
    await start(env, false);
    fake.draftText = verdict([{ category: 'appearance', field: 'body', quote: QUOTE }]);
    const response = await callAs(t!, student, 'POST', apiPaths.reviews, reviewDraft(tutor.id, { body: BODY }));
    expect(response.statusCode, response.body).toBe(201);
    expect(fake.requests).toEqual([]);
  });
});
