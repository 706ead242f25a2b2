import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/server/types';

// Requests through the real HTTP layer (inject), as a browser would make them. Servers in
// another process are asked over the network instead (http-client.ts), with the same methods.

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Who asks: a signed-in actor (anything with its `cookie`) or a Cookie header value; anonymous without. */
  as?: { cookie: string } | string;
  /** A JSON body as an object, or a raw body (string or bytes) with its content type in `headers`. */
  payload?: InjectOptions['payload'];
  /** Sent as given, after the session cookie (so a test may forge one). */
  headers?: Record<string, string>;
  /** The client's address, for the limits kept per address. */
  remoteAddress?: string;
}

export async function request(
  app: App,
  method: Method,
  url: string,
  options: RequestOptions = {},
): Promise<LightMyRequestResponse> {
  const { as, payload, headers, remoteAddress } = options;
  const cookie = typeof as === 'string' ? as : as?.cookie;
  const response = await app.inject({
    method,
    url,
    payload,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  // What the request left for after its answer (sign-up's mail) is done before the test looks.
  await app.backgroundTasks.idle();
  return response;
}
