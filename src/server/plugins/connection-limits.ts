import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { clientAddressGroup, isTrustedProxyPeer } from '../lib/client-address';

/**
 * Every open connection holds a file descriptor. Without a ceiling, one client that opens
 * thousands and sends nothing used all of them and the server stopped answering anyone; the
 * timeouts (set where the server is built, in app.ts) close each one eventually, the caps here
 * decide how many may be open meanwhile. Connections are refused as they arrive, before any
 * of their bytes are read.
 */

/** Headers are a few hundred bytes: a client still sending them after this long is stalling. */
const HEADERS_TIMEOUT_MS = 30_000;

/**
 * Fastify's server options for the timeouts. Node checks open requests against them on an
 * interval (30 s unless told): a fraction of the shorter timeout, so a stalled request is cut
 * soon after its time is up rather than up to half a minute later.
 */
export function serverTimeouts(connections: Config['connections']) {
  const headersTimeout = Math.min(connections.requestTimeoutMs, HEADERS_TIMEOUT_MS);
  return {
    requestTimeout: connections.requestTimeoutMs,
    connectionTimeout: connections.idleTimeoutMs,
    http: {
      requestTimeout: connections.requestTimeoutMs,
      headersTimeout,
      connectionsCheckingInterval: Math.min(5_000, Math.max(250, Math.round(headersTimeout / 4))),
    },
  };
}

/** How often a process-wide refusal is logged at most: a flood must not become a flood of log lines. */
const DROP_LOG_INTERVAL_MS = 60_000;

export const connectionLimitsPlugin = fp(async function connectionLimits(app: FastifyInstance) {
  const { max, maxPerClient } = app.config.connections;
  const server = app.server;
  server.maxConnections = max;

  let dropped = 0;
  let lastDropLog = -Infinity;
  server.on('drop', () => {
    dropped += 1;
    const now = Date.now();
    if (now - lastDropLog < DROP_LOG_INTERVAL_MS) return;
    app.log.warn(
      { maxConnections: max, refusedSinceLastLine: dropped },
      'connection ceiling reached: new connections refused',
    );
    lastDropLog = now;
    dropped = 0;
  });

  // Behind a reverse proxy every connection comes from the proxy: the proxy limits its clients
  // (README, "Behind a reverse proxy"), and a cap on its own address would lock everyone out.
  const fromProxy = isTrustedProxyPeer(app.config.trustProxy);

  const open = new Map<string, number>();
  /** Clients refused since they last had room, so each is logged once per spell at its cap. */
  const atCap = new Set<string>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (!address || fromProxy(address)) return;
    // Counted like the per-address rate limits: an IPv6 client by its /64.
    const client = clientAddressGroup(address);
    const count = open.get(client) ?? 0;
    if (count >= maxPerClient) {
      if (!atCap.has(client)) {
        atCap.add(client);
        app.log.warn({ client, maxConnectionsPerClient: maxPerClient }, 'client at its connection cap: refusing more');
      }
      socket.destroy();
      return;
    }
    open.set(client, count + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
      atCap.delete(client);
    });
  });
});
