import type { ApiError, FieldError } from '../../shared/errors';
import type { ScreeningFinding } from '../../shared/screening';
import { takeFirstAnswer } from './first-answers';
import { reportSignedOut } from './signed-out';
import { translateMessage } from '../i18n/message-translator';
import { commonText } from '../i18n/namespaces/common';

/**
 * An API answer other than 2xx, carrying the server's code, its human-readable message and,
 * when the error concerns particular fields, one message per field path.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: readonly FieldError[] = [],
    /** With code screening_findings: what the server's screen found. */
    readonly screeningFindings: readonly ScreeningFinding[] = [],
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** What fetch rejects with once its signal is aborted: the caller's own doing, not a failure. */
function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

export interface ApiFetchOptions {
  method: string;
  /** The media type the caller can read. */
  accept: string;
  /** Sent as JSON when present. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Every fetch the web app sends to the API: resolves to any 2xx response, body unread. Rejects
 * with ApiRequestError (the server's code and message, or a network error), or with the
 * signal's AbortError when the caller aborted.
 */
export async function apiFetch(url: string, { method, accept, body, signal }: ApiFetchOptions): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept } : { accept, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted || isAbortError(error)) throw error;
    throw new ApiRequestError(0, 'network_error', 'Cannot reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    const error = (payload as Partial<ApiError> | undefined)?.error;
    // The session ended while a page was open: the app shell offers to log in again.
    if (error?.code === 'unauthenticated') reportSignedOut();
    throw new ApiRequestError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? `Request failed (${response.status}).`,
      error?.fields ?? [],
      error?.screeningFindings ?? [],
    );
  }
  return response;
}

async function request<T>(method: string, url: string, body?: unknown): Promise<T> {
  const firstAnswer = method === 'GET' ? takeFirstAnswer(url) : undefined;
  if (firstAnswer) return firstAnswer.body as T;
  const response = await apiFetch(url, { method, accept: 'application/json', body });
  if (response.status === 204) return undefined as T;
  return (await response.json().catch(() => undefined)) as T;
}

export const api = {
  get: <T>(url: string) => request<T>('GET', url),
  post: <T>(url: string, body?: unknown) => request<T>('POST', url, body),
  patch: <T>(url: string, body?: unknown) => request<T>('PATCH', url, body),
  put: <T>(url: string, body?: unknown) => request<T>('PUT', url, body),
  delete: <T>(url: string, body?: unknown) => request<T>('DELETE', url, body),
};

/** The message to show for any thrown value, with the caller's fallback for the unexpected. */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof Error && error.message) return translateMessage(error.message);
  return fallback ?? commonText('somethingWentWrong');
}
