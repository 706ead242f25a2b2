import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { geminiScenarios, startFakeGemini, type GeminiScenario } from './fake-gemini';
import { openAiScenarios, startFakeOpenAi, type OpenAiScenario } from './fake-openai';

/**
 * Runs both fake AI providers as one process, for Playwright's webServer
 * (`node_modules/.bin/tsx test/fakes/serve-fake-ai.ts`), plus a small control server so a
 * browser test can choose what the providers answer:
 *
 *   GET  /health    -> 200 ok
 *   POST /scenario  {gemini?, openai?, chunkDelayMs?, draftText?, summaryReply?} -> 204 (400 on an unknown scenario)
 *   POST /reset     -> 204: both fakes back to the 'draft' defaults, records cleared
 *   GET  /requests  -> {gemini: RecordedRequest[], openai: RecordedRequest[], abortedStreams: {gemini, openai}}
 *
 * Ports: FAKE_GEMINI_PORT (4320), FAKE_OPENAI_PORT (4321), FAKE_AI_CONTROL_PORT (4322).
 * Keys: FAKE_GEMINI_KEY / FAKE_OPENAI_KEY; unset, any key is accepted.
 */

function portFromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`${name} must be a port number, got "${value}".`);
  return port;
}

function keyFromEnv(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() === '' ? {} : (JSON.parse(text) as unknown);
}

function reply(res: ServerResponse, status: number, body?: string, contentType = 'text/plain; charset=utf-8'): void {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  res.writeHead(status, { 'content-type': contentType }).end(body);
}

async function main(): Promise<void> {
  const gemini = await startFakeGemini({
    port: portFromEnv('FAKE_GEMINI_PORT', 4320),
    apiKey: keyFromEnv('FAKE_GEMINI_KEY'),
  });
  const openai = await startFakeOpenAi({
    port: portFromEnv('FAKE_OPENAI_PORT', 4321),
    apiKey: keyFromEnv('FAKE_OPENAI_KEY'),
  });

  const control = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const route = `${req.method ?? 'GET'} ${path}`;
    void (async () => {
      switch (route) {
        case 'GET /health':
          reply(res, 200, 'ok');
          return;
        case 'GET /requests':
          reply(
            res,
            200,
            JSON.stringify({
              gemini: gemini.requests,
              openai: openai.requests,
              abortedStreams: { gemini: gemini.abortedStreams, openai: openai.abortedStreams },
            }),
            'application/json',
          );
          return;
        case 'POST /reset':
          gemini.reset();
          openai.reset();
          reply(res, 204);
          return;
        case 'POST /scenario': {
          let body: unknown;
          try {
            body = await readJson(req);
          } catch {
            reply(res, 400, 'The body must be JSON.');
            return;
          }
          const problem = applyScenario(body);
          if (problem) reply(res, 400, problem);
          else reply(res, 204);
          return;
        }
        default:
          reply(res, 404, `No route ${route}.`);
      }
    })().catch((error: unknown) => reply(res, 500, error instanceof Error ? error.message : String(error)));
  });

  /** Checks everything before changing anything, so a bad request leaves the fakes as they were. */
  function applyScenario(body: unknown): string | null {
    if (typeof body !== 'object' || body === null) return 'The body must be a JSON object.';
    const {
      gemini: geminiScenario,
      openai: openAiScenario,
      chunkDelayMs,
      draftText,
      summaryReply,
    } = body as Record<string, unknown>;
    if (geminiScenario !== undefined && !geminiScenarios.includes(geminiScenario as GeminiScenario)) {
      return `Unknown gemini scenario ${JSON.stringify(geminiScenario)}; one of ${geminiScenarios.join(', ')}.`;
    }
    if (openAiScenario !== undefined && !openAiScenarios.includes(openAiScenario as OpenAiScenario)) {
      return `Unknown openai scenario ${JSON.stringify(openAiScenario)}; one of ${openAiScenarios.join(', ')}.`;
    }
    if (
      chunkDelayMs !== undefined &&
      (typeof chunkDelayMs !== 'number' || !Number.isFinite(chunkDelayMs) || chunkDelayMs < 0)
    ) {
      return 'chunkDelayMs must be a number of milliseconds, 0 or more.';
    }
    if (draftText !== undefined && typeof draftText !== 'string') return 'draftText must be a string.';
    if (summaryReply !== undefined && typeof summaryReply !== 'string') return 'summaryReply must be a string.';

    if (geminiScenario !== undefined) gemini.scenario = geminiScenario as GeminiScenario;
    if (openAiScenario !== undefined) openai.scenario = openAiScenario as OpenAiScenario;
    if (chunkDelayMs !== undefined) {
      gemini.chunkDelayMs = chunkDelayMs;
      openai.chunkDelayMs = chunkDelayMs;
    }
    if (draftText !== undefined) {
      gemini.draftText = draftText;
      openai.draftText = draftText;
    }
    if (summaryReply !== undefined) {
      gemini.summaryReply = summaryReply;
      openai.summaryReply = summaryReply;
    }
    return null;
  }

  const controlPort = portFromEnv('FAKE_AI_CONTROL_PORT', 4322);
  await new Promise<void>((resolve, reject) => {
    control.once('error', reject);
    control.listen(controlPort, '127.0.0.1', () => resolve());
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const closeControl = new Promise<void>((resolve) => {
      control.close(() => resolve());
      control.closeAllConnections();
    });
    void Promise.all([gemini.close(), openai.close(), closeControl]).finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  process.stdout.write(
    `Fake Gemini on ${gemini.url}, fake OpenAI-compatible API on ${openai.url}, control on http://127.0.0.1:${controlPort}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Could not start the fake AI providers: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
