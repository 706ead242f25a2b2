import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, FieldError } from '../../shared/errors';
import { AppError, diskFullCode, RateLimitedError, ScreeningRefusedError, statusByErrorCode } from '../lib/errors';

/** A save refused for lack of disk space; the web app shows it as it is (errors catalog). */
export const DISK_FULL_MESSAGE =
  "Saving is not possible right now: the server's disk is full. Nothing was saved; please try again later.";

const codeByStatus: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'service_unavailable',
};

const friendlyMessages: Partial<Record<ErrorCode, string>> = {
  payload_too_large: 'The request is too large.',
  unsupported_media_type: 'Send the request body as JSON (Content-Type: application/json).',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
};

/** The database server shutting down, starting up, or a connection to it failing. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P03', '08006', '08001']);
const CONNECTION_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT']);

/**
 * Connection failures from pg or a stopped server: the client gets a 503 it can retry. A
 * connection error counts only when one of our own sockets failed in a system call (it has a
 * `syscall`): a client hanging up mid-request raises ECONNRESET too, and that is no outage.
 */
function isDatabaseUnavailable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; syscall?: unknown };
    if (typeof e.code === 'string' && UNAVAILABLE_SQLSTATES.has(e.code)) return true;
    if (typeof e.code === 'string' && CONNECTION_FAILURES.has(e.code) && typeof e.syscall === 'string') return true;
    if (
      typeof e.message === 'string' &&
      /Connection terminated|is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is closed/i.test(
        e.message,
      )
    ) {
      return true;
    }
    current = e.cause;
  }
  return false;
}

/** The one place errors become responses: `{ error: { code, message, fields? } }`, never internals on 5xx. */
export const errorHandlerPlugin = fp(async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // Before the store's own 503: a picture that cannot be written for lack of space says so too.
    const diskFull = diskFullCode(err);
    if (diskFull) {
      // The embedded database writes to the data folder's disk, as our own files (ENOSPC) do; a
      // PostgreSQL server's disk is its own, shared by every instance.
      const onServer = diskFull === '53100' && app.database.kind === 'postgres';
      app.outages.begin(onServer ? 'database_disk_full' : 'disk_full', err);
      // The outage was told once when it began; each refused request is only a debug line.
      request.log.debug({ err }, 'refused for lack of disk space');
      return reply.status(503).send({ error: { code: 'service_unavailable', message: DISK_FULL_MESSAGE } });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: FieldError[] = [];
      const rootMessages: string[] = [];
      for (const issue of err.validation) {
        const path = issue.instancePath.split('/').filter(Boolean).join('.');
        const message = issue.message ?? 'This value is not valid.';
        // A missing or non-object body fails at the root, where zod's own wording means little to a client.
        if (path === '') {
          rootMessages.push(
            issue.keyword === 'invalid_type'
              ? `The request ${err.validationContext ?? 'body'} must be a JSON object.`
              : message,
          );
        } else if (!fields.some((field) => field.path === path && field.message === message)) {
          fields.push({ path, message });
        }
      }
      const messages = [...new Set([...rootMessages, ...fields.map((field) => field.message)])].filter(Boolean);
      return reply.status(400).send({
        error: {
          code: 'validation_error',
          message: messages.join(' ') || 'The request is not valid.',
          ...(fields.length > 0 ? { fields } : {}),
        },
      });
    }
    if (err instanceof AppError) {
      if (err instanceof RateLimitedError)
        reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
      const fields = err.fields;
      // A service that could not be reached (the picture store): the client learns to retry,
      // the log says what failed.
      if (statusByErrorCode[err.code] >= 500 && err.cause !== undefined) request.log.error({ err }, err.message);
      const screeningFindings = err instanceof ScreeningRefusedError ? err.findings : undefined;
      return reply.status(statusByErrorCode[err.code]).send({
        error: {
          code: err.code,
          message: err.message,
          ...(fields ? { fields } : {}),
          ...(screeningFindings ? { screeningFindings } : {}),
        },
      });
    }
    // The client closed the connection before sending all of its request: nobody is left to answer.
    if (request.raw.destroyed && !request.raw.complete) {
      request.log.debug({ err }, 'client closed the connection before its request was read');
      return reply
        .status(400)
        .send({ error: { code: 'bad_request', message: 'The request was not received in full.' } });
    }
    if (isDatabaseUnavailable(err)) {
      // Once per outage: every request of an outage fails alike, and each is in the request log.
      if (app.database.outage.requestFailed()) request.log.error({ err }, 'database unavailable');
      else request.log.debug({ err }, 'database unavailable');
      return reply.status(503).send({
        error: {
          code: 'service_unavailable',
          message: 'The service is temporarily unavailable. Please try again shortly.',
        },
      });
    }
    const status = err.statusCode ?? 500;
    if (status < 500 && !isResponseSerializationError(err)) {
      const code = codeByStatus[status] ?? 'bad_request';
      return reply.status(status).send({ error: { code, message: friendlyMessages[code] ?? err.message } });
    }
    request.log.error({ err }, 'request failed');
    return reply
      .status(500)
      .send({ error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' } });
  });
});
