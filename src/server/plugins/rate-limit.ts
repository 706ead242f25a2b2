import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { databaseRateLimitStore, RateLimiter, type RateLimitStore } from '../services/rate-limits';

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts requests against the configured limits, in a store every instance shares. */
    rateLimits: RateLimiter;
  }
}

const FIRST_PRUNE_DELAY_MS = 60 * 1000;
const PRUNE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The limiter, on the database unless another shared store is given. Ended windows are
 * pruned a minute after the server starts listening and every few minutes after; tests drive
 * the app without listening, so nothing runs behind their backs.
 */
export const rateLimitPlugin = fp(async function rateLimit(app: FastifyInstance, options: { store?: RateLimitStore }) {
  const limiter = new RateLimiter(options.store ?? databaseRateLimitStore(app.db), app.config.rateLimits, app.clock);
  app.decorate('rateLimits', limiter);

  let firstPrune: NodeJS.Timeout | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const prune = () => {
    running ??= limiter
      .prune()
      .then(() => undefined)
      .catch((err: unknown) => app.log.warn({ err }, 'pruning rate-limit counters failed'))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onListen', async () => {
    // Not at once: starting up is busy enough, and a minute more of old rows harms nobody.
    firstPrune = setTimeout(prune, FIRST_PRUNE_DELAY_MS);
    timer = setInterval(prune, PRUNE_INTERVAL_MS);
    firstPrune.unref();
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(firstPrune);
    clearInterval(timer);
    await running;
  });
});

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** These have limits of their own (or, for logout, must always work). */
const ROUTES_WITH_OWN_LIMITS = new Set(['/api/auth/login', '/api/auth/logout', '/api/auth/signup']);

/**
 * onRequest hook for the API, after the session is loaded: every state-changing request of a
 * signed-in user counts towards the per-user limit, before its body is even read.
 */
export async function limitWritesPerUser(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (!request.user || !WRITE_METHODS.has(request.method)) return;
  if (ROUTES_WITH_OWN_LIMITS.has(request.routeOptions.url ?? '')) return;
  await this.rateLimits.consume('writesPerUser', request.user.id);
}
