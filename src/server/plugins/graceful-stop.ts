import type { ServerResponse } from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How a stop lets go of its clients without losing a request. A load balancer keeps connections
 * to each instance open and sends a request on one whenever it likes, so closing an idle one can
 * cross a request already on its way: behind nginx that request fails, and a POST is never sent
 * again. So the instance first stops accepting connections (new ones are refused, which a load
 * balancer passes on to another instance, a write included), then answers every request still
 * arriving on an open connection in full, with `Connection: close`, so the other side closes it.
 * Once no connection is left, or none has carried a request for a moment, the idle rest are
 * closed and the requests in flight finished.
 */
export const STOP_LIMITS = {
  /** With no request in flight, this long without a new one means the open connections are done with. */
  quietMs: 500,
  /** The longest the open connections are waited for before the idle ones are closed. */
  drainMs: 5_000,
  /** The longest requests in flight (an AI draft streaming, a large upload) are waited for. */
  inFlightMs: 15_000,
};

const POLL_MS = 25;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const gracefulStopPlugin = fp(async function gracefulStop(app: FastifyInstance) {
  const server = app.server;
  let draining = false;
  const inFlight = new Set<ServerResponse>();
  let lastActivity = 0;

  // Before Fastify's own listener, so the header is set before any handler can answer.
  server.prependListener('request', (_request, response) => {
    inFlight.add(response);
    lastActivity = Date.now();
    if (draining) response.setHeader('connection', 'close');
    response.once('close', () => {
      inFlight.delete(response);
      lastActivity = Date.now();
    });
  });

  app.decorate('isDraining', () => draining);
  app.decorate('drainConnections', async () => {
    if (draining) return;
    draining = true;
    if (!server.listening) return;
    // The answers still being worked on close their connections too.
    for (const response of inFlight) if (!response.headersSent) response.setHeader('connection', 'close');
    let connectionsClosed = false;
    // net.Server's close, not http.Server's: that one also closes idle keep-alive connections at once.
    net.Server.prototype.close.call(server, () => {
      connectionsClosed = true;
    });
    const started = Date.now();
    lastActivity = Math.max(lastActivity, started);
    while (!connectionsClosed && Date.now() - started < STOP_LIMITS.drainMs) {
      if (inFlight.size === 0 && Date.now() - lastActivity >= STOP_LIMITS.quietMs) break;
      await pause(POLL_MS);
    }
    server.closeIdleConnections();
    const finishing = Date.now();
    while (inFlight.size > 0 && Date.now() - finishing < STOP_LIMITS.inFlightMs) await pause(POLL_MS);
    if (inFlight.size > 0) app.log.warn({ inFlight: inFlight.size }, 'stopping with requests still unanswered');
  });
});
