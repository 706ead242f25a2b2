import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { MetricsConfig } from '../config';
import { AppMetrics, UNMATCHED_ROUTE } from '../observability/metrics';

/** Where Prometheus scrapes, on the main port (with the token) and on the metrics port. */
export const METRICS_PATH = '/metrics';

/** The web build's files are routes of their own, a new name for each build: counted as one. */
const WEB_ASSETS_PREFIX = '/assets/';
const WEB_ASSETS_ROUTE = '/assets/*';

function routeOf(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route === undefined) return UNMATCHED_ROUTE;
  return route.startsWith(WEB_ASSETS_PREFIX) ? WEB_ASSETS_ROUTE : route;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Compares digests, which have one length whatever was sent, so the time taken tells nothing of the token. */
function bearsToken(authorization: string | undefined, expected: Buffer): boolean {
  const sent = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(sent), expected);
}

function refuse(reply: FastifyReply): FastifyReply {
  return reply
    .status(401)
    .header('www-authenticate', 'Bearer realm="metrics"')
    .send({ error: { code: 'unauthenticated', message: 'Send the metrics token as Authorization: Bearer <token>.' } });
}

/** The metrics port: GET /metrics for anyone on this machine, nothing else. */
function startMetricsListener(metrics: AppMetrics, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const pathname = (request.url ?? '').split('?')[0];
    if (pathname !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.scrape().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n'),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // Loopback only: the metrics port has no token.
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * Prometheus metrics (observability/metrics.ts), registered only when METRICS_TOKEN or
 * METRICS_PORT is set: without them no request is timed and nothing listens to the server's
 * reports. GET /metrics on the main port exists only with the token, and answers only a request
 * bearing it; the metrics port is bound to 127.0.0.1 when the app is ready, and closed with it.
 */
export const metricsPlugin = fp(async function metricsPlugin(app: FastifyInstance, options: { config: MetricsConfig }) {
  const metrics = new AppMetrics({
    database: app.database,
    readCaches: { answers: app.readCache, sessions: app.sessionCache },
    outages: app.outages,
  });
  metrics.start();
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(routeOf(request), request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  const { token, port } = options.config;
  if (token) {
    const expected = digest(token);
    // Outside /api: not in the API's documentation, its write limits or its session handling.
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!bearsToken(request.headers.authorization, expected)) return refuse(reply);
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.contentType)
        .send(await metrics.scrape());
    });
  }

  let listener: Server | undefined;
  if (port !== undefined) {
    app.addHook('onReady', async () => {
      listener = await startMetricsListener(metrics, port);
    });
  }
  app.addHook('onClose', async () => {
    metrics.stop();
    if (!listener) return;
    listener.closeAllConnections();
    await new Promise((resolve) => listener!.close(resolve));
  });
});
