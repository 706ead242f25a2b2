import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * A proxy or a tracing client may name a request (X-Request-Id) so its lines and ours can be
 * matched. The id is echoed in a header and written on every log line of the request, so only
 * a short token of letters, digits and dashes is taken over: anything else (8 KB of padding,
 * quotes or markup meant for a log viewer) is replaced, not cleaned up.
 */
const SAFE_REQUEST_ID = /^[A-Za-z0-9-]{1,64}$/;

/** Fastify's `genReqId`: the client's id when it is a safe token, a fresh one otherwise. */
export function requestIdFor(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}
