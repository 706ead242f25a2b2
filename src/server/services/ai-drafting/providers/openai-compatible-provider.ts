import OpenAI, { APIError } from 'openai';
import type { ChatCompletionCreateParamsBase } from 'openai/resources/chat/completions';
import {
  AiProviderFailure,
  failureForStatus,
  networkErrorCode,
  type JsonRequest,
  type TextProvider,
  type TextRequest,
} from './text-provider';

export interface OpenAiCompatibleSettings {
  /** The API root, ending in /v1 for Ollama, llama.cpp's server and vLLM. */
  baseUrl: string;
  /** Self-hosted servers often need none. */
  apiKey?: string;
  model: string;
}

/**
 * Any server that speaks OpenAI's chat completions, through the official SDK. No max_tokens is
 * sent: small self-hosted models reject requests whose prompt plus limit exceed their context,
 * and the draft's length is bounded by the prompt and by the server's own cut-off anyway.
 */
export function createOpenAiCompatibleProvider(settings: OpenAiCompatibleSettings): TextProvider {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    // The SDK insists on a key; servers that need none ignore it.
    apiKey: settings.apiKey ?? 'no-key',
    maxRetries: 0,
  });

  function body({ system, prompt }: TextRequest): ChatCompletionCreateParamsBase {
    return {
      model: settings.model,
      messages: [
        ...(system ? [{ role: 'system' as const, content: system }] : []),
        { role: 'user' as const, content: prompt },
      ],
      temperature: 1,
      top_p: 0.95,
    };
  }

  return {
    kind: 'openai-compatible',
    model: settings.model,
    label: `the AI model "${settings.model}" at ${new URL(settings.baseUrl).host}`,

    async *streamText(request) {
      try {
        const stream = await client.chat.completions.create(
          { ...body(request), stream: true },
          { signal: request.signal },
        );
        let finished = false;
        for await (const chunk of stream) {
          const choice = chunk.choices[0];
          if (choice?.delta?.content) yield choice.delta.content;
          if (choice?.finish_reason === 'content_filter')
            throw new AiProviderFailure('ai_blocked', { reason: 'content_filter' });
          if (choice?.finish_reason) finished = true;
        }
        // An aborted stream also just ends, without an error: the caller checks its signal.
        if (!finished && !request.signal.aborted)
          throw new AiProviderFailure('ai_provider_error', { reason: 'STREAM_CUT_OFF' });
      } catch (error) {
        throw classify(error, request.signal);
      }
    },

    async generateText(request) {
      try {
        const completion = await client.chat.completions.create(
          { ...body(request), stream: false },
          { signal: request.signal },
        );
        const choice = completion.choices[0];
        if (choice?.finish_reason === 'content_filter')
          throw new AiProviderFailure('ai_blocked', { reason: 'content_filter' });
        return choice?.message.content ?? '';
      } catch (error) {
        throw classify(error, request.signal);
      }
    },

    async generateJson(request: JsonRequest) {
      const ask = async (responseFormat: ChatCompletionCreateParamsBase['response_format']) => {
        const completion = await client.chat.completions.create(
          { ...body(request), temperature: 0, top_p: 1, response_format: responseFormat, stream: false },
          { signal: request.signal },
        );
        const choice = completion.choices[0];
        if (choice?.finish_reason === 'content_filter')
          throw new AiProviderFailure('ai_blocked', { reason: 'content_filter' });
        return choice?.message.content ?? '';
      };
      try {
        try {
          return await ask({
            type: 'json_schema',
            json_schema: { name: request.schema.name, schema: request.schema.jsonSchema, strict: true },
          });
        } catch (error) {
          // Older self-hosted servers know only JSON mode; the prompt describes the shape too.
          if (!(error instanceof APIError && error.status === 400) || request.signal.aborted) throw error;
          return await ask({ type: 'json_object' });
        }
      } catch (error) {
        throw classify(error, request.signal);
      }
    },
  };
}

function classify(error: unknown, signal: AbortSignal): unknown {
  if (error instanceof AiProviderFailure || signal.aborted) return error;
  // The error's `code` and `type` are the server's machine-readable tokens; its message is left out.
  if (error instanceof APIError && error.status !== undefined)
    return failureForStatus(error.status, error.code ?? error.type ?? undefined);
  return new AiProviderFailure('ai_provider_error', { reason: networkErrorCode(error) });
}
