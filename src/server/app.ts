import Fastify from 'fastify';
import { apiPaths } from '../shared/api-paths';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { createTextProvider, type TextProvider } from './services/ai-drafting/providers';
import { ReadCache } from './cache/read-cache';
import { reportEverythingChangesOf } from './db/change-data';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { fastifyTrustProxy } from './lib/client-address';
import { type Clock, systemClock } from './lib/clock';
import { CampusProvider } from './lib/campus-provider';
import { answerFrameworkError } from './lib/framework-errors';
import { logDestination, loggerOptions, RequestLogController } from './lib/logger';
import { requestIdFor } from './lib/request-id';
import type { Mailer } from './mail/mailer';
import { authPlugin } from './plugins/auth';
import { backgroundTasksPlugin } from './plugins/background-tasks';
import { connectionLimitsPlugin, serverTimeouts } from './plugins/connection-limits';
import { errorHandlerPlugin } from './plugins/error-handler';
import { gracefulStopPlugin } from './plugins/graceful-stop';
import { metricsPlugin } from './plugins/metrics';
import { openapiPlugin } from './plugins/openapi';
import { orphanImageSweepPlugin } from './plugins/orphan-image-sweep';
import { rankingPriorRefreshPlugin } from './plugins/ranking-prior-refresh';
import { recentWindowRefreshPlugin } from './plugins/recent-window-refresh';
import { reviewSummaryRefreshPlugin } from './plugins/review-summary-refresh';
import { rateLimitPlugin } from './plugins/rate-limit';
import { sameOriginPlugin } from './plugins/same-origin';
import { securityHeadersPlugin } from './plugins/security-headers';
import { unclaimedAccountSweepPlugin } from './plugins/unclaimed-account-sweep';
import { uploadsFilesPlugin } from './plugins/uploads-files';
import { webAppPlugin } from './plugins/web-app';
import { apiRoutes } from './routes/api';
import { healthRoutes } from './routes/health';
import type { RateLimitStore } from './services/rate-limits';
import { createImageStore, type ImageStore } from './storage';
import { reportingOutages } from './storage/outage-reporting-store';
import { Outages } from './observability/outages';
import { probeWritable } from './lib/disk-space';
import { diskFullCode } from './lib/errors';
import type { App } from './types';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  clock?: Clock;
  /** Where log lines go; tests pass a stream to read them back. */
  logStream?: DestinationStream;
  /** Location of the built web app; defaults to dist/web. */
  webDistDir?: string;
  /** Where pictures are stored; defaults to files in config.uploadsDir. */
  imageStore?: ImageStore;
  /** The AI model that drafts reviews; defaults to the one configured (or none). */
  aiProvider?: TextProvider | null;
  /** Where rate-limit counters live; defaults to the database, which every instance shares. */
  rateLimitStore?: RateLimitStore;
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * A page of tutors or reviews is a few kilobytes of JSON: this caches the hot part of a large
 * university's site (every session, the first pages of lists, popular profiles) in well under
 * 100 MB of the server's memory.
 */
const READ_CACHE_LIMITS = { maxEntries: 20_000, maxWeight: 40 * 1024 * 1024 };
/** Ten thousand students signed in at once, at about a kilobyte each. */
const SESSION_CACHE_LIMITS = { maxEntries: 10_000, maxWeight: 10_000 * 1_000 };

/** Builds the whole application without listening, so tests can drive it with inject(). */
export async function buildApp(deps: AppDependencies): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream ?? logDestination(config.logFormat)),
    // The request id is read by requestIdFor, which keeps a client's only when it is a safe token.
    requestIdHeader: false,
    genReqId: requestIdFor,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    ...serverTimeouts(config.connections),
    frameworkErrors: answerFrameworkError,
    logController: new RequestLogController(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('clock', deps.clock ?? systemClock);
  const outages = watchedOutages(app, deps.database);
  app.decorate('outages', outages);
  app.decorate('mailer', reportingDiskFull(deps.mailer, outages));
  let imageStore = deps.imageStore;
  if (!imageStore) {
    const configured = await createImageStore(config.storage);
    imageStore = configured.store;
    app.addHook('onClose', async () => configured.close());
  }
  const store = imageStore;
  // A key no picture has: asking for it reaches the store without depending on what it holds.
  outages.setProbe('picture_store', () => store.has(`${'0'.repeat(64)}.jpg`));
  app.decorate('imageStore', reportingOutages(store, outages));
  app.decorate('settingDefaults', {
    aiDraftsPerHour: config.ai.draftsPerHour,
    campusSignInConfigured: config.campusSignIn !== null,
  });
  app.decorate(
    'campusProvider',
    config.campusSignIn &&
      new CampusProvider(config.campusSignIn, new URL(apiPaths.campusSignInCallback, config.publicUrl).href),
  );
  app.decorate(
    'aiProvider',
    deps.aiProvider === undefined ? await createTextProvider(config.ai.provider) : deps.aiProvider,
  );
  const enabled = config.readCache;
  const { changeFeed } = deps.database;
  const readCache = new ReadCache(changeFeed, { ...READ_CACHE_LIMITS, enabled });
  app.decorate('readCache', readCache);
  app.decorate('reads', { db: deps.database.db, cache: readCache });
  // Its keys are token hashes: its lookups are counted under one kind, never under their keys.
  app.decorate('sessionCache', new ReadCache(changeFeed, { ...SESSION_CACHE_LIMITS, enabled }, { kind: 'session' }));
  reportEverythingChangesOf(deps.database.db, (reason) =>
    app.log.debug({ reason }, 'a change of unknown scope dropped every answer kept in memory'),
  );

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  if (config.traces) {
    // Loaded only when traces are on: otherwise neither OpenTelemetry nor its hooks are there.
    const { tracingPlugin } = await import('./plugins/tracing');
    await app.register(tracingPlugin, { traces: config.traces });
  }
  // First, so every request is timed, those refused by the plugins below included.
  if (config.metrics) await app.register(metricsPlugin, { config: config.metrics });
  await app.register(connectionLimitsPlugin);
  await app.register(gracefulStopPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(sameOriginPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin, { store: deps.rateLimitStore });
  await app.register(backgroundTasksPlugin);
  await app.register(healthRoutes);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(uploadsFilesPlugin);
  await app.register(orphanImageSweepPlugin);
  await app.register(unclaimedAccountSweepPlugin);
  await app.register(rankingPriorRefreshPlugin);
  await app.register(recentWindowRefreshPlugin);
  await app.register(reviewSummaryRefreshPlugin);
  await app.register(webAppPlugin, { distDir: deps.webDistDir });
  return app;
}

/**
 * The outages this instance tells of (observability/outages.ts), with how each is known to be
 * over: the data folder takes a write again; the PostgreSQL server's disk, when a write commits
 * (every instance shares it, so writes keep coming while it lasts); the picture store answers.
 */
function watchedOutages(app: App, database: DatabaseHandle): Outages {
  const outages = new Outages(app.log, app.clock);
  outages.setProbe('disk_full', () => probeWritable(app.config.dataDir));
  const unsubscribe = database.changeFeed.subscribe(() => outages.end('database_disk_full'));
  app.addHook('onClose', async () => {
    unsubscribe();
    outages.close();
  });
  return outages;
}

/** The outbox is a folder of DATA_DIR: a mail it cannot write for lack of space begins the disk's outage. */
function reportingDiskFull(mailer: Mailer, outages: Outages): Mailer {
  return {
    kind: mailer.kind,
    send: async (message) => {
      try {
        return await mailer.send(message);
      } catch (err) {
        if (mailer.kind === 'outbox' && diskFullCode(err)) outages.begin('disk_full', err);
        throw err;
      }
    },
    close: () => mailer.close(),
  };
}
