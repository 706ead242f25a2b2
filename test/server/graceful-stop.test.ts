import http from 'node:http';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { request } from '../helpers/requests';

// A stop, step by step (plugins/graceful-stop.ts): the port is closed at once, a request already
// on an open connection is answered in full and the connection closed after it, and the instance
// says it is not ready meanwhile. The rolling-restart test runs the same behind nginx.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

/** One request on `agent`'s kept-alive connection; its status, its Connection header and its body. */
function get(port: number, agent: http.Agent, path: string) {
  return new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
  });
}

test('a stop refuses new connections, answers requests on open ones in full, then lets go of them', async () => {
  let releaseSlow: () => void = () => undefined;
  const slowStarted = new Promise<void>((started) => {
    t.app.get('/api/test-slow', async () => {
      started();
      await new Promise<void>((resolve) => (releaseSlow = resolve));
      return { done: true };
    });
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as { port: number };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    // A connection the client keeps open, as a proxy does, with a request in flight on it.
    expect((await get(port, agent, '/healthz')).status).toBe(200);
    const slow = get(port, agent, '/api/test-slow');
    await slowStarted;

    const draining = t.app.drainConnections();
    // Not ready from the first moment; new connections are refused.
    expect((await request(t.app, 'GET', '/readyz')).statusCode).toBe(503);
    const refused = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      () => 'answered',
      (err: Error & { cause?: { code?: string } }) => err.cause?.code,
    );
    expect(refused).toBe('ECONNREFUSED');

    // The request in flight is answered in full, and its connection closed after it.
    releaseSlow();
    expect(await slow).toEqual({ status: 200, connection: 'close', body: '{"done":true}' });
    await draining;
  } finally {
    agent.destroy();
  }
});
