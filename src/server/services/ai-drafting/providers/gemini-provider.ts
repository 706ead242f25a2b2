import { ApiError, type GenerateContentParameters, type GenerateContentResponse, GoogleGenAI } from '@google/genai';
import {
  AiProviderFailure,
  failureForStatus,
  networkErrorCode,
  type JsonRequest,
  type TextProvider,
  type TextRequest,
} from './text-provider';

/** Generation settings from spec section 9. */
const generationSettings = {
  temperature: 1,
  topP: 0.95,
  topK: 40,
  maxOutputTokens: 8192,
  responseMimeType: 'text/plain',
} as const;

/** Finish reasons that mean the model refused or was stopped by a filter, not that it finished. */
const blockingFinishReasons = new Set([
  'SAFETY',
  'RECITATION',
  'LANGUAGE',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
]);

export interface GeminiSettings {
  apiKey: string;
  model: string;
  /** A proxy's address, or a test server's. */
  baseUrl?: string;
}

/** Gemini through Google's SDK, on the v1beta API that streamGenerateContent and systemInstruction need. */
export function createGeminiProvider(settings: GeminiSettings): TextProvider {
  const client = new GoogleGenAI({
    apiKey: settings.apiKey,
    // No retries: a student waits for the draft, and a retry could double the bill.
    httpOptions: { apiVersion: 'v1beta', ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}) },
  });

  function parameters({ system, prompt, signal }: TextRequest): GenerateContentParameters {
    return {
      model: settings.model,
      contents: [{ role: 'user', parts: [{ text: prompt }] }],
      config: { ...generationSettings, ...(system ? { systemInstruction: system } : {}), abortSignal: signal },
    };
  }

  return {
    kind: 'gemini',
    model: settings.model,
    label: 'Gemini (Google)',

    async *streamText(request) {
      try {
        const stream = await client.models.generateContentStream(parameters(request));
        let finished = false;
        for await (const chunk of stream) {
          const text = replyText(chunk);
          if (text) yield text;
          if (chunk.candidates?.[0]?.finishReason) finished = true;
        }
        // The SDK ends quietly when a connection closes cleanly mid-answer; a whole answer says why it ended.
        if (!finished && !request.signal.aborted)
          throw new AiProviderFailure('ai_provider_error', { reason: 'STREAM_CUT_OFF' });
      } catch (error) {
        throw classify(error, request.signal);
      }
    },

    async generateText(request) {
      try {
        return replyText(await client.models.generateContent(parameters(request)));
      } catch (error) {
        throw classify(error, request.signal);
      }
    },

    async generateJson(request: JsonRequest) {
      try {
        const base = parameters(request);
        return replyText(
          await client.models.generateContent({
            ...base,
            config: {
              ...base.config,
              temperature: 0,
              responseMimeType: 'application/json',
              responseJsonSchema: request.schema.jsonSchema,
            },
          }),
        );
      } catch (error) {
        throw classify(error, request.signal);
      }
    },
  };
}

/**
 * The text of one response (whole or a streamed piece). A blocked prompt or a filtered
 * candidate throws; thought parts are left out. (The SDK's `.text` getter would warn on the
 * console about non-text parts, so the parts are read directly.)
 */
function replyText(response: GenerateContentResponse): string {
  const blockReason = response.promptFeedback?.blockReason;
  if (blockReason) throw new AiProviderFailure('ai_blocked', { reason: blockReason });
  const candidate = response.candidates?.[0];
  const text = (candidate?.content?.parts ?? [])
    .filter((part) => !part.thought && typeof part.text === 'string')
    .map((part) => part.text)
    .join('');
  if (candidate?.finishReason && blockingFinishReasons.has(candidate.finishReason)) {
    throw new AiProviderFailure('ai_blocked', { reason: candidate.finishReason });
  }
  return text;
}

function classify(error: unknown, signal: AbortSignal): unknown {
  if (error instanceof AiProviderFailure || signal.aborted) return error;
  if (error instanceof ApiError) return failureForStatus(error.status, googleReason(error.message));
  return new AiProviderFailure('ai_provider_error', { reason: networkErrorCode(error) });
}

/**
 * Google's machine-readable reason (API_KEY_INVALID) or status (RESOURCE_EXHAUSTED) from the
 * error body the SDK puts in the message; the human-readable message is left out on purpose.
 */
function googleReason(message: string): string | undefined {
  try {
    const body = JSON.parse(message) as { error?: { status?: unknown; details?: { reason?: unknown }[] } };
    const reason =
      body.error?.details?.find((detail) => typeof detail.reason === 'string')?.reason ?? body.error?.status;
    return typeof reason === 'string' && /^[A-Z_]+$/.test(reason) ? reason : undefined;
  } catch {
    return undefined;
  }
}
