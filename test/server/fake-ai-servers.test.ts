import { spawn } from 'node:child_process';
import path from 'node:path';
import { ApiError, GoogleGenAI, type GenerateContentResponse } from '@google/genai';
import OpenAI from 'openai';
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeGemini, type FakeGemini } from '../fakes/fake-gemini';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/fake-openai';
import { freePort } from '../helpers/ports';

// The fakes are only worth anything if the real SDKs cannot tell them from the real services,
// so every check here goes through @google/genai or openai, pointed at the fake by base URL.

const GEMINI_KEY = 'AIzaFakeKeyForTests0123456789';
const GEMINI_MODEL = 'gemini-2.5-flash';
const OPENAI_KEY = 'sk-fake-key-for-tests';
const OPENAI_MODEL = 'llama3.2';

/** Rejects with whatever the promise rejects with, or fails if it resolves. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('Expected the call to fail, but it succeeded.');
}

describe('fake Gemini, through @google/genai', () => {
  let fake: FakeGemini;
  let ai: GoogleGenAI;

  beforeAll(async () => {
    fake = await startFakeGemini({ apiKey: GEMINI_KEY });
    ai = new GoogleGenAI({ apiKey: GEMINI_KEY, httpOptions: { baseUrl: fake.url, apiVersion: 'v1beta' } });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    fake.chunkDelayMs = 1;
  });

  async function streamAll(signal?: AbortSignal): Promise<GenerateContentResponse[]> {
    const stream = await ai.models.generateContentStream({
      model: GEMINI_MODEL,
      contents: 'Write a review of my tutor.',
      config: {
        systemInstruction: 'You help students write reviews.',
        maxOutputTokens: 2048,
        temperature: 0.7,
        abortSignal: signal,
      },
    });
    const chunks: GenerateContentResponse[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    return chunks;
  }

  it('streams the draft in several chunks that join to the whole text, finishing with STOP', async () => {
    const chunks = await streamAll();

    expect(chunks.length).toBeGreaterThanOrEqual(5);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(fake.draftText);
    expect(fake.draftText.length).toBeGreaterThan(2000);
    expect(chunks.at(-1)!.candidates![0]!.finishReason).toBe('STOP');
    expect(chunks.slice(0, -1).every((chunk) => chunk.candidates![0]!.finishReason === undefined)).toBe(true);
    expect(chunks[0]!.modelVersion).toBe(GEMINI_MODEL);
    expect(chunks[0]!.responseId).toBeTruthy();
    expect(chunks.at(-1)!.usageMetadata).toMatchObject({
      promptTokenCount: expect.any(Number),
      candidatesTokenCount: expect.any(Number),
    });

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({
      method: 'POST',
      path: `/v1beta/models/${GEMINI_MODEL}:streamGenerateContent`,
      query: { alt: 'sse' },
      body: {
        contents: [{ role: 'user', parts: [{ text: 'Write a review of my tutor.' }] }],
        systemInstruction: { parts: [{ text: 'You help students write reviews.' }] },
        generationConfig: { maxOutputTokens: 2048, temperature: 0.7 },
      },
    });
    expect(request!.headers['x-goog-api-key']).toBe(GEMINI_KEY);
  });

  it('answers generateContent with the whole draft at once', async () => {
    fake.draftText = 'Patient, clear and always prepared.';
    const response = await ai.models.generateContent({ model: GEMINI_MODEL, contents: 'Say something.' });

    expect(response.text).toBe('Patient, clear and always prepared.');
    expect(response.candidates![0]!.finishReason).toBe('STOP');
    expect(fake.requests[0]!.path).toBe(`/v1beta/models/${GEMINI_MODEL}:generateContent`);
  });

  it('blocks the prompt with promptFeedback and no candidates', async () => {
    fake.scenario = 'blocked-prompt';
    const chunks = await streamAll();

    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.promptFeedback?.blockReason).toBe('SAFETY');
    expect(chunks[0]!.candidates).toBeUndefined();
    expect(chunks[0]!.text).toBeUndefined();

    const response = await ai.models.generateContent({ model: GEMINI_MODEL, contents: 'Say something.' });
    expect(response.promptFeedback?.blockReason).toBe('SAFETY');
  });

  it('blocks the response part-way with finishReason SAFETY', async () => {
    fake.scenario = 'blocked-response';
    const chunks = await streamAll();

    expect(chunks).toHaveLength(3);
    expect(chunks.slice(0, 2).every((chunk) => (chunk.text ?? '').length > 0)).toBe(true);
    const last = chunks.at(-1)!;
    expect(last.candidates![0]!.finishReason).toBe('SAFETY');
    expect(last.candidates![0]!.content).toBeUndefined();
    expect(last.candidates![0]!.safetyRatings?.some((rating) => rating.blocked)).toBe(true);
  });

  it('finishes without any text in the empty scenario', async () => {
    fake.scenario = 'empty';
    const chunks = await streamAll();

    expect(chunks.map((chunk) => chunk.text ?? '').join('')).toBe('');
    expect(chunks.at(-1)!.candidates![0]!.finishReason).toBe('STOP');
  });

  it('fails with ApiError 500 on a server error, without retrying', async () => {
    fake.scenario = 'server-error';
    const error = await rejection(streamAll());

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
    expect((error as ApiError).message).toContain('INTERNAL');
    expect(fake.requests).toHaveLength(1);
  });

  it('fails with ApiError 429 RESOURCE_EXHAUSTED when rate limited', async () => {
    fake.scenario = 'rate-limited';
    const error = await rejection(ai.models.generateContent({ model: GEMINI_MODEL, contents: 'Say something.' }));

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).message).toContain('RESOURCE_EXHAUSTED');
  });

  it('refuses a wrong key with ApiError 400 about the API key', async () => {
    const wrong = new GoogleGenAI({ apiKey: 'AIzaWrongKey', httpOptions: { baseUrl: fake.url, apiVersion: 'v1beta' } });
    const error = await rejection(
      wrong.models.generateContentStream({ model: GEMINI_MODEL, contents: 'Say something.' }),
    );

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toContain('API key not valid');
    expect((error as ApiError).message).toContain('API_KEY_INVALID');
  });

  it('refuses a malformed request with ApiError 400 INVALID_ARGUMENT', async () => {
    const error = await rejection(
      ai.models.generateContent({ model: GEMINI_MODEL, contents: [{ role: 'assistant', parts: [{ text: 'Hello' }] }] }),
    );

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).message).toContain('INVALID_ARGUMENT');
    expect((error as ApiError).message).toContain('valid role');
  });

  it('stalls after one chunk; aborting ends the iteration promptly and the fake sees the abort', async () => {
    fake.scenario = 'stall';
    const controller = new AbortController();
    const stream = await ai.models.generateContentStream({
      model: GEMINI_MODEL,
      contents: 'Write a review of my tutor.',
      config: { abortSignal: controller.signal },
    });
    const iterator = stream[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    expect((first.value as GenerateContentResponse).text).toBeTruthy();

    const next = iterator.next();
    const abortedAt = Date.now();
    controller.abort();
    const error = await rejection(next);

    expect((error as Error).name).toBe('AbortError');
    expect(Date.now() - abortedAt).toBeLessThan(1_000);
    await fake.waitForAbortedStream();
    expect(fake.abortedStreams).toBe(1);
  });

  it('cuts the connection mid-stream in the disconnect scenario, which the SDK reports as an error', async () => {
    fake.scenario = 'disconnect';
    const received: string[] = [];
    const error = await rejection(
      (async () => {
        const stream = await ai.models.generateContentStream({
          model: GEMINI_MODEL,
          contents: 'Write a review of my tutor.',
        });
        for await (const chunk of stream) received.push(chunk.text ?? '');
      })(),
    );

    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(ApiError);
    expect(received).toHaveLength(2);
    expect(fake.abortedStreams).toBe(0);
  });

  it('close() ends a stalled stream instead of waiting for the client', async () => {
    const own = await startFakeGemini();
    own.scenario = 'stall';
    const client = new GoogleGenAI({ apiKey: 'any-key', httpOptions: { baseUrl: own.url, apiVersion: 'v1beta' } });
    const stream = await client.models.generateContentStream({ model: GEMINI_MODEL, contents: 'Hello' });
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();

    const closingStartedAt = Date.now();
    await own.close();
    expect(Date.now() - closingStartedAt).toBeLessThan(1_000);
    await expect(iterator.next()).rejects.toThrow();
  });
});

describe('fake OpenAI-compatible API, through openai', () => {
  let fake: FakeOpenAi;
  let client: OpenAI;

  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: OPENAI_KEY });
    client = new OpenAI({ apiKey: OPENAI_KEY, baseURL: fake.url, maxRetries: 0 });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    fake.chunkDelayMs = 1;
  });

  const draftRequest: ChatCompletionCreateParamsStreaming = {
    model: OPENAI_MODEL,
    messages: [
      { role: 'system', content: 'You help students write reviews.' },
      { role: 'user', content: 'Write a review of my tutor.' },
    ],
    stream: true,
  };

  async function streamAll(signal?: AbortSignal, request = draftRequest): Promise<ChatCompletionChunk[]> {
    const stream = await client.chat.completions.create(request, { signal });
    const chunks: ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    return chunks;
  }

  it('streams the draft as several content deltas that join to the whole text, ending with stop', async () => {
    const chunks = await streamAll();
    const contentChunks = chunks.filter((chunk) => chunk.choices[0]?.delta.content);

    expect(contentChunks.length).toBeGreaterThanOrEqual(5);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe(fake.draftText);
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
    expect(chunks.slice(0, -1).every((chunk) => chunk.choices[0]!.finish_reason === null)).toBe(true);
    expect(chunks[0]).toMatchObject({
      object: 'chat.completion.chunk',
      model: OPENAI_MODEL,
      system_fingerprint: 'fp_ollama',
    });
    expect(chunks[0]!.id).toMatch(/^chatcmpl-/);

    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      body: { model: OPENAI_MODEL, stream: true, messages: draftRequest.messages },
    });
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
  });

  it('adds a usage chunk when stream_options asks for one', async () => {
    const chunks = await streamAll(undefined, { ...draftRequest, stream_options: { include_usage: true } });

    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toMatchObject({
      prompt_tokens: expect.any(Number),
      completion_tokens: expect.any(Number),
      total_tokens: expect.any(Number),
    });
  });

  it('answers a non-streaming request with one chat.completion', async () => {
    fake.draftText = 'Patient, clear and always prepared.';
    const completion = await client.chat.completions.create({
      model: OPENAI_MODEL,
      messages: [{ role: 'user', content: 'Say something.' }],
    });

    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]!.message.content).toBe('Patient, clear and always prepared.');
    expect(completion.choices[0]!.finish_reason).toBe('stop');
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
  });

  it('stops with finish_reason content_filter in the content-filter scenario', async () => {
    fake.scenario = 'content-filter';
    const chunks = await streamAll();

    expect(chunks.filter((chunk) => chunk.choices[0]?.delta.content)).toHaveLength(2);
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('content_filter');
  });

  it('finishes without any text in the empty scenario', async () => {
    fake.scenario = 'empty';
    const chunks = await streamAll();

    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('');
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
  });

  it('fails with APIError 500 on a server error', async () => {
    fake.scenario = 'server-error';
    const error = await rejection(streamAll());

    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(500);
    expect((error as Error).message).toContain('The server had an error while processing your request.');
    expect(fake.requests).toHaveLength(1);
  });

  it('fails with RateLimitError 429 rate_limit_exceeded when rate limited', async () => {
    fake.scenario = 'rate-limited';
    const error = await rejection(streamAll());

    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limit_exceeded' });
  });

  it('refuses a wrong key with AuthenticationError 401 invalid_api_key', async () => {
    const wrong = new OpenAI({ apiKey: 'sk-wrong-key-1234', baseURL: fake.url, maxRetries: 0 });
    const error = await rejection(wrong.chat.completions.create(draftRequest));

    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_api_key', type: 'invalid_request_error' });
    expect((error as Error).message).toContain('Incorrect API key provided');
  });

  it('refuses malformed requests with BadRequestError 400 naming the parameter', async () => {
    const empty = await rejection(client.chat.completions.create({ ...draftRequest, messages: [] }));
    expect(empty).toBeInstanceOf(OpenAI.BadRequestError);
    expect(empty).toMatchObject({ status: 400, type: 'invalid_request_error', param: 'messages' });

    const badRole = await rejection(
      client.chat.completions.create({
        ...draftRequest,
        messages: [
          { role: 'robot', content: 'Hi' } as unknown as ChatCompletionCreateParamsStreaming['messages'][number],
        ],
      }),
    );
    expect(badRole).toMatchObject({ status: 400, param: 'messages[0].role', code: 'invalid_value' });

    const noModel = await rejection(client.chat.completions.create({ ...draftRequest, model: '' }));
    expect((noModel as Error).message).toContain('you must provide a model parameter');
  });

  it('stalls after one delta; aborting ends the iteration promptly and the fake sees the abort', async () => {
    fake.scenario = 'stall';
    const controller = new AbortController();
    const stream = await client.chat.completions.create(draftRequest, { signal: controller.signal });
    const iterator = stream[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    expect((first.value as ChatCompletionChunk).choices[0]!.delta.content).toBeTruthy();

    const next = iterator.next();
    const abortedAt = Date.now();
    controller.abort();
    // The SDK treats the caller's own abort as the end of the stream, not as an error.
    await expect(next).resolves.toMatchObject({ done: true });
    expect(Date.now() - abortedAt).toBeLessThan(1_000);
    await fake.waitForAbortedStream();
    expect(fake.abortedStreams).toBe(1);
  });

  it('cuts the connection mid-stream in the disconnect scenario, which the SDK reports as an error', async () => {
    fake.scenario = 'disconnect';
    const received: string[] = [];
    const error = await rejection(
      (async () => {
        for await (const chunk of await client.chat.completions.create(draftRequest))
          received.push(chunk.choices[0]?.delta.content ?? '');
      })(),
    );

    expect(error).toBeInstanceOf(Error);
    expect(received).toHaveLength(2);
  });

  it('accepts any key, or none, when started without one, like Ollama', async () => {
    const open = await startFakeOpenAi();
    try {
      open.chunkDelayMs = 0;
      const ollama = new OpenAI({ apiKey: 'ollama', baseURL: open.url, maxRetries: 0 });
      const completion = await ollama.chat.completions.create({
        model: OPENAI_MODEL,
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(completion.choices[0]!.message.content).toBe(open.draftText);

      const bare = await fetch(`${open.url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: OPENAI_MODEL, messages: [{ role: 'user', content: 'Hi' }] }),
      });
      expect(bare.status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('serve-fake-ai (the process Playwright starts)', () => {
  it('serves both fakes, takes scenarios over its control port and stops on SIGTERM', { timeout: 30_000 }, async () => {
    const [geminiPort, openAiPort, controlPort] = [await freePort(), await freePort(), await freePort()];
    let output = '';
    const child = spawn(path.resolve('node_modules/.bin/tsx'), [path.resolve('test/fakes/serve-fake-ai.ts')], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        FAKE_GEMINI_PORT: String(geminiPort),
        FAKE_OPENAI_PORT: String(openAiPort),
        FAKE_AI_CONTROL_PORT: String(controlPort),
        FAKE_GEMINI_KEY: GEMINI_KEY,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const control = `http://127.0.0.1:${controlPort}`;

    try {
      const deadline = Date.now() + 20_000;
      while (
        !(await fetch(`${control}/health`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (child.exitCode !== null || Date.now() > deadline)
          throw new Error(`serve-fake-ai did not come up:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      const scenario = await fetch(`${control}/scenario`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ gemini: 'blocked-prompt', openai: 'empty', chunkDelayMs: 0 }),
      });
      expect(scenario.status).toBe(204);
      const unknown = await fetch(`${control}/scenario`, {
        method: 'POST',
        body: JSON.stringify({ gemini: 'on-fire' }),
      });
      expect(unknown.status).toBe(400);

      const ai = new GoogleGenAI({
        apiKey: GEMINI_KEY,
        httpOptions: { baseUrl: `http://127.0.0.1:${geminiPort}`, apiVersion: 'v1beta' },
      });
      const blocked = await ai.models.generateContent({ model: GEMINI_MODEL, contents: 'Hi' });
      expect(blocked.promptFeedback?.blockReason).toBe('SAFETY');

      const openai = new OpenAI({ apiKey: 'ollama', baseURL: `http://127.0.0.1:${openAiPort}/v1`, maxRetries: 0 });
      const empty = await openai.chat.completions.create({
        model: OPENAI_MODEL,
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(empty.choices[0]!.message.content).toBe('');

      const recorded = (await (await fetch(`${control}/requests`)).json()) as { gemini: unknown[]; openai: unknown[] };
      expect(recorded.gemini).toHaveLength(1);
      expect(recorded.openai).toHaveLength(1);

      expect((await fetch(`${control}/reset`, { method: 'POST' })).status).toBe(204);
      const afterReset = await ai.models.generateContent({ model: GEMINI_MODEL, contents: 'Hi' });
      expect(afterReset.text?.length).toBeGreaterThan(2000);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    }
  });
});
