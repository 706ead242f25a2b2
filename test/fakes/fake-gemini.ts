import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  estimateTokens,
  holdOpen,
  pause,
  sendJson,
  sliceAtWords,
  startFakeHttpServer,
  fakeProviderControls,
  type FakeExchange,
  type FakeProvider,
} from './fake-http';

/**
 * A stand-in for Google's Gemini API (generativelanguage.googleapis.com, v1beta) on loopback,
 * close enough on the wire that the real @google/genai SDK works against it unchanged:
 * `new GoogleGenAI({ apiKey, httpOptions: { baseUrl: fake.url, apiVersion: 'v1beta' } })`.
 *
 * It answers models.generateContent (one JSON GenerateContentResponse) and
 * models.streamGenerateContent?alt=sse (text/event-stream, one `data: <GenerateContentResponse>`
 * event per chunk, CRLF-delimited as Google sends them), checks the key in `x-goog-api-key`
 * (or `?key=`) and rejects malformed requests with Google's error bodies.
 *
 * What it answers is set at runtime through `scenario`:
 * - 'draft': `draftText` in about eight chunks at word boundaries, `chunkDelayMs` apart;
 * - 'blocked-prompt': promptFeedback.blockReason SAFETY and no candidates;
 * - 'blocked-response': two chunks of text, then a candidate ending with finishReason SAFETY;
 * - 'empty': a candidate that finishes (STOP) with no text;
 * - 'server-error' (500 INTERNAL), 'rate-limited' (429 RESOURCE_EXHAUSTED),
 *   'model-not-found' (404 NOT_FOUND): the error instead of a response;
 * - 'stall': headers and one chunk (a streamed call) or nothing (a plain call), then silence
 *   until the client gives up or close() is called;
 * - 'disconnect': two chunks, then the connection is cut without an ending.
 */

export const geminiScenarios = [
  'draft',
  'blocked-prompt',
  'blocked-response',
  'empty',
  'server-error',
  'rate-limited',
  'model-not-found',
  'stall',
  'disconnect',
] as const;
export type GeminiScenario = (typeof geminiScenarios)[number];

const DRAFT_CHUNK_COUNT = 8;

/** `url` goes to the SDK as httpOptions.baseUrl (with apiVersion 'v1beta'). */
export type FakeGemini = FakeProvider<GeminiScenario>;

export interface FakeGeminiOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The only key accepted; without it any non-empty key is. */
  apiKey?: string;
}

const JSON_CONTENT_TYPE = 'application/json; charset=UTF-8';

const API_KEY_INVALID = {
  error: {
    code: 400,
    message: 'API key not valid. Please pass a valid API key.',
    status: 'INVALID_ARGUMENT',
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'API_KEY_INVALID',
        domain: 'googleapis.com',
        metadata: { service: 'generativelanguage.googleapis.com' },
      },
    ],
  },
};

const API_KEY_MISSING = {
  error: {
    code: 403,
    message:
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    status: 'PERMISSION_DENIED',
  },
};

const INTERNAL_ERROR = {
  error: {
    code: 500,
    message:
      'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
    status: 'INTERNAL',
  },
};

function quotaExceeded(model: string) {
  return {
    error: {
      code: 429,
      message:
        'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.\n' +
        `* Quota exceeded for metric: generativelanguage.googleapis.com/generate_content_free_tier_requests, limit: 10, model: ${model}\n` +
        'Please retry in 38.4s.',
      status: 'RESOURCE_EXHAUSTED',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
          violations: [
            {
              quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests',
              quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier',
              quotaDimensions: { location: 'global', model },
              quotaValue: '10',
            },
          ],
        },
        {
          '@type': 'type.googleapis.com/google.rpc.Help',
          links: [
            {
              description: 'Learn more about Gemini API quotas',
              url: 'https://ai.google.dev/gemini-api/docs/rate-limits',
            },
          ],
        },
        { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '38s' },
      ],
    },
  };
}

function notFound(message: string) {
  return { error: { code: 404, message, status: 'NOT_FOUND' } };
}

function invalidArgument(message: string) {
  return { error: { code: 400, message, status: 'INVALID_ARGUMENT' } };
}

const HARM_CATEGORIES = [
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
];

/** Google lists every category, and marks the one that tripped as blocked. */
function safetyRatings(trippedCategory: string) {
  return HARM_CATEGORIES.map((category) =>
    category === trippedCategory
      ? { category, probability: 'HIGH', blocked: true }
      : { category, probability: 'NEGLIGIBLE' },
  );
}

/** The top-level fields a GenerateContentRequest may carry; anything else Google refuses. */
const REQUEST_FIELDS = new Set([
  'contents',
  'systemInstruction',
  'generationConfig',
  'safetySettings',
  'tools',
  'toolConfig',
  'cachedContent',
  'labels',
  'serviceTier',
  'continuationToken',
  'store',
  'model',
]);

const GENERATION_CONFIG_FIELDS = new Set([
  'temperature',
  'topP',
  'topK',
  'candidateCount',
  'maxOutputTokens',
  'stopSequences',
  'responseLogprobs',
  'logprobs',
  'presencePenalty',
  'frequencyPenalty',
  'seed',
  'responseMimeType',
  'responseSchema',
  'responseJsonSchema',
  'responseModalities',
  'mediaResolution',
  'speechConfig',
  'thinkingConfig',
  'audioTranscriptionConfig',
  'imageConfig',
  'enableEnhancedCivicAnswers',
]);

/** A part must carry exactly one kind of data; the rest (thought, metadata) only qualifies it. */
const PART_DATA_FIELDS = [
  'text',
  'inlineData',
  'fileData',
  'functionCall',
  'functionResponse',
  'executableCode',
  'codeExecutionResult',
  'toolCall',
  'toolResponse',
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Google's message for the first thing wrong with a request body, or null when it is fine. */
function findRequestProblem(rawBody: string, body: unknown): string | null {
  if (rawBody.trim() !== '' && body === null) {
    return 'Invalid JSON payload received. Unexpected token.';
  }
  if (body !== null && !isRecord(body)) {
    return `Invalid JSON payload received. Expected an object, but got: ${JSON.stringify(body).slice(0, 40)}`;
  }
  const request = body ?? {};
  for (const field of Object.keys(request)) {
    if (!REQUEST_FIELDS.has(field)) return `Invalid JSON payload received. Unknown name "${field}": Cannot find field.`;
  }

  const contents = request.contents;
  if (contents === undefined || (Array.isArray(contents) && contents.length === 0)) {
    return '* GenerateContentRequest.contents: contents is not specified\n';
  }
  if (!Array.isArray(contents)) {
    return `Invalid value at 'contents' (type.googleapis.com/google.ai.generativelanguage.v1beta.Content), ${JSON.stringify(contents)}`;
  }
  for (const [index, content] of contents.entries()) {
    const problem = findContentProblem(content, `contents[${index}]`, true);
    if (problem) return problem;
  }

  if (request.systemInstruction !== undefined) {
    const problem = findContentProblem(request.systemInstruction, 'system_instruction', false);
    if (problem) return problem;
  }

  if (request.generationConfig !== undefined) {
    const config = request.generationConfig;
    if (!isRecord(config)) {
      return `Invalid value at 'generation_config' (type.googleapis.com/google.ai.generativelanguage.v1beta.GenerationConfig), ${JSON.stringify(config)}`;
    }
    for (const field of Object.keys(config)) {
      if (!GENERATION_CONFIG_FIELDS.has(field))
        return `Invalid JSON payload received. Unknown name "${field}" at 'generation_config': Cannot find field.`;
    }
    const { temperature, topP, maxOutputTokens, candidateCount } = config;
    if (temperature !== undefined && (typeof temperature !== 'number' || temperature < 0 || temperature > 2)) {
      return '* GenerateContentRequest.generation_config.temperature: must be in the range [0.0, 2.0]\n';
    }
    if (topP !== undefined && (typeof topP !== 'number' || topP < 0 || topP > 1)) {
      return '* GenerateContentRequest.generation_config.top_p: must be in the range [0.0, 1.0]\n';
    }
    if (
      maxOutputTokens !== undefined &&
      (typeof maxOutputTokens !== 'number' || !Number.isInteger(maxOutputTokens) || maxOutputTokens < 1)
    ) {
      return '* GenerateContentRequest.generation_config.max_output_tokens: max_output_tokens must be positive.\n';
    }
    if (candidateCount !== undefined && candidateCount !== 1) {
      // The fake only ever writes one candidate; asking for more is a mistake worth hearing about.
      return '* GenerateContentRequest.generation_config.candidate_count: this fake only supports candidate_count 1.\n';
    }
  }
  return null;
}

function findContentProblem(content: unknown, where: string, checkRole: boolean): string | null {
  const field = `GenerateContentRequest.${where}`;
  if (!isRecord(content)) {
    return `Invalid value at '${where}' (type.googleapis.com/google.ai.generativelanguage.v1beta.Content), ${JSON.stringify(content)}`;
  }
  // The role may be left out (Google then assumes 'user'), but not misspelt.
  if (checkRole && content.role !== undefined && content.role !== 'user' && content.role !== 'model') {
    return 'Please use a valid role: user, model.';
  }
  const parts = content.parts;
  if (!Array.isArray(parts) || parts.length === 0) {
    return `* ${field}.parts: contents.parts must not be empty.\n`;
  }
  for (const [index, part] of parts.entries()) {
    if (!isRecord(part) || !PART_DATA_FIELDS.some((name) => part[name] !== undefined)) {
      return `* ${field}.parts[${index}].data: required oneof field 'data' must have one initialized field\n`;
    }
    if (part.text !== undefined && typeof part.text !== 'string') {
      return `Invalid value at '${where}.parts[${index}].text' (TYPE_STRING), ${JSON.stringify(part.text)}`;
    }
  }
  return null;
}

/** A request for JSON whose schema has the summary's sentences: it gets `summaryReply`. */
function isSummaryRequest(body: unknown): boolean {
  if (!isRecord(body) || !isRecord(body.generationConfig)) return false;
  const { responseMimeType, responseJsonSchema } = body.generationConfig;
  return (
    responseMimeType === 'application/json' &&
    isRecord(responseJsonSchema) &&
    isRecord(responseJsonSchema.properties) &&
    'sentences' in responseJsonSchema.properties
  );
}

/** Every character of text the request carries, for a plausible promptTokenCount. */
function promptText(body: unknown): string {
  if (!isRecord(body)) return '';
  const contents = [...(Array.isArray(body.contents) ? body.contents : []), body.systemInstruction];
  return contents
    .flatMap((content) => (isRecord(content) && Array.isArray(content.parts) ? content.parts : []))
    .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

export async function startFakeGemini(options: FakeGeminiOptions = {}): Promise<FakeGemini> {
  const http = await startFakeHttpServer(options.port ?? 0, (exchange) => handle(exchange));

  const fake: FakeGemini = fakeProviderControls<GeminiScenario>(http, `http://127.0.0.1:${http.port}`, 'draft');

  async function handle(exchange: FakeExchange): Promise<void> {
    const { req, res, url } = exchange;
    const route = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(url.pathname);
    if (!route) {
      sendJson(
        res,
        404,
        notFound(`The requested URL ${url.pathname} was not found on this server.`),
        JSON_CONTENT_TYPE,
      );
      return;
    }
    const model = decodeURIComponent(route[1]!);
    const streaming = route[2] === 'streamGenerateContent';
    if (req.method !== 'POST') {
      sendJson(res, 404, notFound('Method not found.'), JSON_CONTENT_TYPE);
      return;
    }

    const headerKey = req.headers['x-goog-api-key'];
    const key = (Array.isArray(headerKey) ? headerKey[0] : headerKey) ?? url.searchParams.get('key') ?? '';
    if (key === '') {
      sendJson(res, 403, API_KEY_MISSING, JSON_CONTENT_TYPE);
      return;
    }
    if (options.apiKey !== undefined && key !== options.apiKey) {
      sendJson(res, 400, API_KEY_INVALID, JSON_CONTENT_TYPE);
      return;
    }

    const problem = findRequestProblem(exchange.rawBody, exchange.body);
    if (problem) {
      sendJson(res, 400, invalidArgument(problem), JSON_CONTENT_TYPE);
      return;
    }
    if (streaming && url.searchParams.get('alt') !== 'sse') {
      // Without alt=sse Google streams one big JSON array instead, which the SDK never asks for.
      sendJson(res, 400, invalidArgument('This fake only streams with alt=sse.'), JSON_CONTENT_TYPE);
      return;
    }

    await respond(exchange, model, streaming);
  }

  async function respond(exchange: FakeExchange, model: string, streaming: boolean): Promise<void> {
    const { res, closed } = exchange;
    const scenario = fake.scenario;
    const text = isSummaryRequest(exchange.body) ? fake.summaryReply : fake.draftText;
    const delayMs = fake.chunkDelayMs;
    const responseId = randomBytes(16).toString('base64url');
    const promptTokenCount = estimateTokens(promptText(exchange.body));

    const usageMetadata = (writtenSoFar: string | null) => {
      const promptTokensDetails = [{ modality: 'TEXT', tokenCount: promptTokenCount }];
      if (writtenSoFar === null) return { promptTokenCount, totalTokenCount: promptTokenCount, promptTokensDetails };
      const candidatesTokenCount = estimateTokens(writtenSoFar);
      return {
        promptTokenCount,
        candidatesTokenCount,
        totalTokenCount: promptTokenCount + candidatesTokenCount,
        promptTokensDetails,
      };
    };
    const textResponse = (piece: string, writtenSoFar: string, finishReason?: string) => ({
      candidates: [
        { content: { parts: [{ text: piece }], role: 'model' }, ...(finishReason ? { finishReason } : {}), index: 0 },
      ],
      usageMetadata: usageMetadata(writtenSoFar),
      modelVersion: model,
      responseId,
    });
    const blockedPrompt = () => ({
      promptFeedback: { blockReason: 'SAFETY', safetyRatings: safetyRatings('HARM_CATEGORY_HARASSMENT') },
      usageMetadata: usageMetadata(null),
      modelVersion: model,
      responseId,
    });
    const blockedCandidate = (writtenSoFar: string) => ({
      candidates: [{ finishReason: 'SAFETY', index: 0, safetyRatings: safetyRatings('HARM_CATEGORY_HARASSMENT') }],
      usageMetadata: usageMetadata(writtenSoFar),
      modelVersion: model,
      responseId,
    });

    switch (scenario) {
      case 'server-error':
        sendJson(res, 500, INTERNAL_ERROR, JSON_CONTENT_TYPE);
        return;
      case 'rate-limited':
        sendJson(res, 429, quotaExceeded(model), JSON_CONTENT_TYPE);
        return;
      case 'model-not-found':
        sendJson(
          res,
          404,
          notFound(
            `models/${model} is not found for API version v1beta, or is not supported for ${streaming ? 'streamGenerateContent' : 'generateContent'}. Call ListModels to see the list of available models and their supported methods.`,
          ),
          JSON_CONTENT_TYPE,
        );
        return;
      default:
        break;
    }

    if (!streaming) {
      switch (scenario) {
        case 'draft':
          sendJson(res, 200, textResponse(text, text, 'STOP'), JSON_CONTENT_TYPE);
          return;
        case 'blocked-prompt':
          sendJson(res, 200, blockedPrompt(), JSON_CONTENT_TYPE);
          return;
        case 'blocked-response':
          sendJson(res, 200, blockedCandidate(''), JSON_CONTENT_TYPE);
          return;
        case 'empty':
          sendJson(res, 200, textResponse('', '', 'STOP'), JSON_CONTENT_TYPE);
          return;
        case 'stall':
          await holdOpen(closed);
          return;
        case 'disconnect':
          await pause(delayMs, closed);
          exchange.dropConnection();
          return;
      }
    }

    const pieces = sliceAtWords(text, DRAFT_CHUNK_COUNT);
    res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    res.flushHeaders();

    switch (scenario) {
      case 'draft': {
        let written = '';
        for (const [index, piece] of pieces.entries()) {
          // A model takes a moment before its first words too, as a real one does.
          if (!(await pause(delayMs, closed))) return;
          written += piece;
          writeEvent(res, textResponse(piece, written, index === pieces.length - 1 ? 'STOP' : undefined));
        }
        res.end();
        return;
      }
      case 'blocked-prompt':
        writeEvent(res, blockedPrompt());
        res.end();
        return;
      case 'blocked-response': {
        let written = '';
        for (const piece of pieces.slice(0, 2)) {
          written += piece;
          writeEvent(res, textResponse(piece, written));
          if (!(await pause(delayMs, closed))) return;
        }
        writeEvent(res, blockedCandidate(written));
        res.end();
        return;
      }
      case 'empty':
        writeEvent(res, textResponse('', '', 'STOP'));
        res.end();
        return;
      case 'stall':
        writeEvent(res, textResponse(pieces[0]!, pieces[0]!));
        await holdOpen(closed);
        return;
      case 'disconnect': {
        let written = '';
        for (const piece of pieces.slice(0, 2)) {
          written += piece;
          writeEvent(res, textResponse(piece, written));
          if (!(await pause(delayMs, closed))) return;
        }
        exchange.dropConnection();
        return;
      }
    }
  }

  return fake;
}

function writeEvent(res: ServerResponse, response: unknown): void {
  res.write(`data: ${JSON.stringify(response)}\r\n\r\n`);
}
