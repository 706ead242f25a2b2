import { randomInt } from 'node:crypto';
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
 * A stand-in for an OpenAI-compatible chat completions endpoint (shaped after Ollama's /v1,
 * which follows OpenAI's wire format) on loopback, close enough that the real `openai` SDK
 * works against it unchanged: `new OpenAI({ apiKey, baseURL: fake.url, maxRetries: 0 })`.
 *
 * It answers POST /v1/chat/completions, as one chat.completion or, with `stream: true`, as
 * chat.completion.chunk server-sent events ending with `data: [DONE]` (plus a usage chunk when
 * stream_options.include_usage asks for one). With an `apiKey` option it demands
 * `Authorization: Bearer <key>` like OpenAI; without one it takes any key or none, like Ollama.
 * Malformed requests get OpenAI's invalid_request_error bodies.
 *
 * What it answers is set at runtime through `scenario`:
 * - 'draft': `draftText` in about eight deltas at word boundaries, `chunkDelayMs` apart;
 * - 'content-filter': two deltas, then finish_reason 'content_filter';
 * - 'empty': finish_reason 'stop' without any text;
 * - 'server-error' (500), 'rate-limited' (429 rate_limit_exceeded),
 *   'model-not-found' (404, Ollama's wording): the error instead of a completion;
 * - 'stall': headers and one delta (streamed) or nothing (not streamed), then silence until the
 *   client gives up or close() is called;
 * - 'disconnect': two deltas, then the connection is cut without [DONE].
 */

export const openAiScenarios = [
  'draft',
  'content-filter',
  'empty',
  'server-error',
  'rate-limited',
  'model-not-found',
  'stall',
  'disconnect',
] as const;
export type OpenAiScenario = (typeof openAiScenarios)[number];

const DRAFT_CHUNK_COUNT = 8;
const SYSTEM_FINGERPRINT = 'fp_ollama';
const MESSAGE_ROLES = ['system', 'user', 'assistant'];

/** `url` goes to the SDK as baseURL; it already ends in /v1. */
export type FakeOpenAi = FakeProvider<OpenAiScenario>;

export interface FakeOpenAiOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The only bearer token accepted; without it any token, or none, is. */
  apiKey?: string;
  /** False: refuses response_format json_schema with a 400, as servers that know only JSON mode do. */
  jsonSchema?: boolean;
}

interface OpenAiErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

function openAiError(
  message: string,
  type: string,
  param: string | null = null,
  code: string | null = null,
): OpenAiErrorBody {
  return { error: { message, type, param, code } };
}

const SERVER_ERROR = openAiError('The server had an error while processing your request.', 'server_error');

const NO_API_KEY = openAiError(
  "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the API from your browser and are prompted for a username and password. You can obtain an API key from https://platform.openai.com/account/api-keys.",
  'invalid_request_error',
);

function incorrectApiKey(key: string): OpenAiErrorBody {
  const shown =
    key.length > 8 ? `${key.slice(0, 3)}${'*'.repeat(key.length - 7)}${key.slice(-4)}` : '*'.repeat(key.length);
  return openAiError(
    `Incorrect API key provided: ${shown}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    'invalid_request_error',
    null,
    'invalid_api_key',
  );
}

function rateLimited(model: string): OpenAiErrorBody {
  return openAiError(
    `Rate limit reached for ${model} in organization org-fake on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s. Visit https://platform.openai.com/account/rate-limits to learn more.`,
    'requests',
    null,
    'rate_limit_exceeded',
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** OpenAI's error for the first thing wrong with a request body, or null when it is fine. */
function findRequestProblem(rawBody: string, body: unknown): OpenAiErrorBody | null {
  if (!isRecord(body)) {
    if (rawBody.trim() === '') return openAiError('you must provide a model parameter', 'invalid_request_error');
    return openAiError(
      "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)",
      'invalid_request_error',
    );
  }
  if (body.model === undefined || body.model === '') {
    return openAiError('you must provide a model parameter', 'invalid_request_error');
  }
  if (typeof body.model !== 'string') {
    return openAiError(
      `Invalid type for 'model': expected a string, but got ${describeType(body.model)} instead.`,
      'invalid_request_error',
      'model',
      'invalid_type',
    );
  }
  const messages = body.messages;
  if (messages === undefined) {
    return openAiError(
      "Missing required parameter: 'messages'.",
      'invalid_request_error',
      'messages',
      'missing_required_parameter',
    );
  }
  if (!Array.isArray(messages)) {
    return openAiError(
      `Invalid type for 'messages': expected an array, but got ${describeType(messages)} instead.`,
      'invalid_request_error',
      'messages',
      'invalid_type',
    );
  }
  if (messages.length === 0) {
    return openAiError(
      "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
      'invalid_request_error',
      'messages',
      'empty_array',
    );
  }
  for (const [index, message] of messages.entries()) {
    const where = `messages[${index}]`;
    if (!isRecord(message)) {
      return openAiError(
        `Invalid type for '${where}': expected an object, but got ${describeType(message)} instead.`,
        'invalid_request_error',
        where,
        'invalid_type',
      );
    }
    if (message.role === undefined) {
      return openAiError(
        `Missing required parameter: '${where}.role'.`,
        'invalid_request_error',
        `${where}.role`,
        'missing_required_parameter',
      );
    }
    if (typeof message.role !== 'string' || !MESSAGE_ROLES.includes(message.role)) {
      return openAiError(
        `Invalid value: '${String(message.role)}'. Supported values are: 'system', 'assistant', and 'user'.`,
        'invalid_request_error',
        `${where}.role`,
        'invalid_value',
      );
    }
    if (message.content === undefined) {
      return openAiError(
        `Missing required parameter: '${where}.content'.`,
        'invalid_request_error',
        `${where}.content`,
        'missing_required_parameter',
      );
    }
    if (typeof message.content !== 'string') {
      return openAiError(
        `Invalid type for '${where}.content': expected a string, but got ${describeType(message.content)} instead.`,
        'invalid_request_error',
        `${where}.content`,
        'invalid_type',
      );
    }
  }
  if (body.stream !== undefined && typeof body.stream !== 'boolean') {
    return openAiError(
      `Invalid type for 'stream': expected a boolean, but got ${describeType(body.stream)} instead.`,
      'invalid_request_error',
      'stream',
      'invalid_type',
    );
  }
  const temperature = body.temperature;
  if (
    temperature !== undefined &&
    temperature !== null &&
    (typeof temperature !== 'number' || temperature < 0 || temperature > 2)
  ) {
    return openAiError(
      `Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got ${JSON.stringify(temperature)} instead.`,
      'invalid_request_error',
      'temperature',
      'decimal_above_max_value',
    );
  }
  for (const limit of ['max_tokens', 'max_completion_tokens']) {
    const value = body[limit];
    if (value !== undefined && value !== null && (typeof value !== 'number' || !Number.isInteger(value) || value < 1)) {
      return openAiError(
        `Invalid '${limit}': integer below minimum value. Expected a value >= 1, but got ${JSON.stringify(value)} instead.`,
        'invalid_request_error',
        limit,
        'integer_below_min_value',
      );
    }
  }
  return null;
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number') return Number.isInteger(value) ? 'an integer' : 'a decimal';
  return `a ${typeof value}`;
}

/** A request for the review summary's JSON (by its schema's name, or JSON mode with the shape in the prompt): it gets `summaryReply`. */
function isSummaryRequest(body: Record<string, unknown>): boolean {
  const format = body.response_format;
  if (!isRecord(format)) return false;
  if (format.type === 'json_schema')
    return isRecord(format.json_schema) && format.json_schema.name === 'review_summary';
  return format.type === 'json_object' && promptText(body).includes('"sentences"');
}

function promptText(body: unknown): string {
  if (!isRecord(body) || !Array.isArray(body.messages)) return '';
  return body.messages
    .map((message) => (isRecord(message) && typeof message.content === 'string' ? message.content : ''))
    .join('\n');
}

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const http = await startFakeHttpServer(options.port ?? 0, (exchange) => handle(exchange));

  const fake: FakeOpenAi = fakeProviderControls<OpenAiScenario>(http, `http://127.0.0.1:${http.port}/v1`, 'draft');

  async function handle(exchange: FakeExchange): Promise<void> {
    const { req, res, url } = exchange;
    if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
      sendJson(res, 404, openAiError(`Invalid URL (${req.method ?? 'GET'} ${url.pathname})`, 'invalid_request_error'));
      return;
    }

    if (options.apiKey !== undefined) {
      const authorization = req.headers.authorization ?? '';
      const key = /^Bearer\s+(.*)$/i.exec(authorization)?.[1]?.trim() ?? '';
      if (key === '') {
        sendJson(res, 401, NO_API_KEY);
        return;
      }
      if (key !== options.apiKey) {
        sendJson(res, 401, incorrectApiKey(key));
        return;
      }
    }

    const problem = findRequestProblem(exchange.rawBody, exchange.body);
    if (problem) {
      sendJson(res, 400, problem);
      return;
    }
    const format = (exchange.body as Record<string, unknown>).response_format;
    if (options.jsonSchema === false && isRecord(format) && format.type === 'json_schema') {
      sendJson(
        res,
        400,
        openAiError(
          "'response_format.type' must be 'json_object' or 'text'",
          'invalid_request_error',
          'response_format',
          'invalid_value',
        ),
      );
      return;
    }
    await respond(exchange, exchange.body as Record<string, unknown>);
  }

  async function respond(exchange: FakeExchange, body: Record<string, unknown>): Promise<void> {
    const { res, closed } = exchange;
    const model = body.model as string;
    const streaming = body.stream === true;
    const includeUsage = isRecord(body.stream_options) && body.stream_options.include_usage === true;
    const scenario = fake.scenario;
    const text = isSummaryRequest(body) ? fake.summaryReply : fake.draftText;
    const delayMs = fake.chunkDelayMs;
    const id = `chatcmpl-${randomInt(100, 1000)}`;
    const created = Math.floor(Date.now() / 1000);
    const promptTokens = estimateTokens(promptText(body));
    const usage = (completion: string) => {
      const completionTokens = completion === '' ? 0 : estimateTokens(completion);
      return {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      };
    };

    switch (scenario) {
      case 'server-error':
        sendJson(res, 500, SERVER_ERROR);
        return;
      case 'rate-limited':
        sendJson(res, 429, rateLimited(model), 'application/json', {
          'x-ratelimit-limit-requests': '3',
          'x-ratelimit-remaining-requests': '0',
          'x-ratelimit-reset-requests': '20s',
        });
        return;
      case 'model-not-found':
        sendJson(res, 404, openAiError(`model "${model}" not found, try pulling it first`, 'api_error'));
        return;
      default:
        break;
    }

    const pieces = sliceAtWords(text, DRAFT_CHUNK_COUNT);

    if (!streaming) {
      const completion = (content: string, finishReason: string) => ({
        id,
        object: 'chat.completion',
        created,
        model,
        system_fingerprint: SYSTEM_FINGERPRINT,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason }],
        usage: usage(content),
      });
      switch (scenario) {
        case 'draft':
          sendJson(res, 200, completion(text, 'stop'));
          return;
        case 'content-filter':
          sendJson(res, 200, completion(pieces.slice(0, 2).join(''), 'content_filter'));
          return;
        case 'empty':
          sendJson(res, 200, completion('', 'stop'));
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

    const chunk = (delta: Record<string, string>, finishReason: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      system_fingerprint: SYSTEM_FINGERPRINT,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    });
    const finish = (finishReason: string, written: string) => {
      writeEvent(res, chunk({}, finishReason));
      if (includeUsage) {
        writeEvent(res, {
          id,
          object: 'chat.completion.chunk',
          created,
          model,
          system_fingerprint: SYSTEM_FINGERPRINT,
          choices: [],
          usage: usage(written),
        });
      }
      res.write('data: [DONE]\n\n');
      res.end();
    };
    /** Writes the pieces `chunkDelayMs` apart; false if the client left meanwhile. */
    const writeDeltas = async (deltas: string[]): Promise<boolean> => {
      for (const piece of deltas) {
        if (!(await pause(delayMs, closed))) return false;
        writeEvent(res, chunk({ role: 'assistant', content: piece }, null));
      }
      return true;
    };

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.flushHeaders();

    switch (scenario) {
      case 'draft':
        if (await writeDeltas(pieces)) finish('stop', text);
        return;
      case 'content-filter': {
        const deltas = pieces.slice(0, 2);
        if ((await writeDeltas(deltas)) && (await pause(delayMs, closed))) finish('content_filter', deltas.join(''));
        return;
      }
      case 'empty':
        finish('stop', '');
        return;
      case 'stall':
        await writeDeltas(pieces.slice(0, 1));
        await holdOpen(closed);
        return;
      case 'disconnect':
        if ((await writeDeltas(pieces.slice(0, 2))) && (await pause(delayMs, closed))) exchange.dropConnection();
        return;
    }
  }

  return fake;
}

function writeEvent(res: ServerResponse, data: unknown): void {
  res.write(`data: ${JSON.stringify(data)}\n\n`);
}
