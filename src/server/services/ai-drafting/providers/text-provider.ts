import type { AiProviderKind, DraftFailureCode } from '../../../../shared/ai-drafting';

/** What a model is asked: instructions for its role, and the request itself. */
export interface TextRequest {
  system: string;
  prompt: string;
  /** Aborting it cancels the upstream request. */
  signal: AbortSignal;
}

/** A request whose reply must be one JSON value following `schema` (a JSON Schema), written deterministically. */
export interface JsonRequest extends TextRequest {
  schema: { name: string; jsonSchema: Record<string, unknown> };
}

/** A model behind an SDK; the rest of the server never sees which one. */
export interface TextProvider {
  readonly kind: AiProviderKind;
  readonly model: string;
  /** Who receives what the student wrote, named for the student. */
  readonly label: string;
  /** The reply's text in pieces as it is generated. Throws AiProviderFailure; an abort rethrows as it came. */
  streamText(request: TextRequest): AsyncIterable<string>;
  /** A whole, short reply: the administrator's connection check. */
  generateText(request: TextRequest): Promise<string>;
  /** The reply's JSON text, at temperature 0, constrained to the schema where the provider can. Not parsed or checked here. */
  generateJson(request: JsonRequest): Promise<string>;
}

/**
 * A provider's failure, classified. It carries only codes, statuses and the provider's own
 * reason token (API_KEY_INVALID, SAFETY, ...), never free text, so it can be logged whole:
 * provider messages may quote the request.
 */
export class AiProviderFailure extends Error {
  constructor(
    readonly code: DraftFailureCode,
    readonly detail: { status?: number; reason?: string } = {},
  ) {
    super(
      `AI provider failure: ${code}${detail.status ? ` (HTTP ${detail.status})` : ''}${detail.reason ? ` ${detail.reason}` : ''}`,
    );
    this.name = 'AiProviderFailure';
  }
}

/** The failure an HTTP status from a provider means, whichever provider it was. */
export function failureForStatus(status: number | undefined, reason?: string): AiProviderFailure {
  if (status === 429) return new AiProviderFailure('ai_busy', { status, reason });
  if (status !== undefined && status >= 400 && status < 500)
    return new AiProviderFailure('ai_provider_refused', { status, reason });
  return new AiProviderFailure('ai_provider_error', { status, reason });
}

/** A network error's code (ECONNREFUSED, ENOTFOUND, ...), found in the causes fetch wraps it in. */
export function networkErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^E[A-Z_]+$/.test(candidate.code)) return candidate.code;
    current = candidate.cause;
  }
  return undefined;
}
