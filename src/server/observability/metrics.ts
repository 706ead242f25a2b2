/**
 * The Prometheus metrics of one app: its own, named tutorly_*, and the process defaults under
 * their usual names (process_*, nodejs_*), which ready-made Node.js dashboards expect.
 *
 * Each app has a registry of its own (tests build many apps in one process). What the server
 * reports on its diagnostics channels (observability/events.ts) is heard from start() to stop();
 * those channels belong to the process, so two apps started in one process both count every
 * query, mail and draft. Figures kept elsewhere (the read caches' lookups, the database pools)
 * are read only when Prometheus scrapes, so keeping them costs a request nothing.
 *
 * No label holds a user's data: routes are Fastify's patterns, never URLs; cache kinds are the
 * prefixes of the keys, never the keys; mails and drafts are counted, never described.
 */
import type { TracingChannel, TracingChannelSubscribers } from 'node:diagnostics_channel';
import type { ReadCache } from '../cache/read-cache';
import type { DatabaseHandle } from '../db/client';
import {
  aiDrafts,
  type AiDraftEvent,
  databaseQueries,
  type DatabaseQueryEvent,
  mailSends,
  type MailSendEvent,
  pictureUploads,
  type PictureUploadEvent,
} from './events';
import { outageNames, type Outages } from './outages';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** A request no route matched: its path is whatever the client sent, so it never becomes a label. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * From a millisecond to ten seconds, finest around the targets (p99 under 25 ms for reads, 50 ms
 * for writes), so the percentiles Prometheus computes from them are close to the truth there.
 */
const REQUEST_SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.0075, 0.01, 0.015, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];
/** A statement on a warm pool takes well under a millisecond; a slow one a good part of a request's budget. */
const QUERY_SECONDS_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 2.5];

export interface MetricsSources {
  database: DatabaseHandle;
  /** The caches of answers read from the database, by a name of the cache. */
  readCaches: Record<string, ReadCache>;
  /** The dependencies down now. */
  outages: Outages;
}

type Unsubscribe = () => void;

export class AppMetrics {
  readonly registry = new Registry();
  readonly #unsubscribes: Unsubscribe[] = [];

  readonly #requestSeconds = new Histogram({
    name: 'tutorly_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status code; its _count counts requests.',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: REQUEST_SECONDS_BUCKETS,
    registers: [this.registry],
  });

  readonly #querySeconds = new Histogram({
    name: 'tutorly_database_query_duration_seconds',
    help: 'Time a statement took, from sending it to its answer or failure (waiting for a connection included), by engine and pool.',
    labelNames: ['engine', 'pool'] as const,
    buckets: QUERY_SECONDS_BUCKETS,
    registers: [this.registry],
  });

  readonly #queryErrors = new Counter({
    name: 'tutorly_database_query_errors_total',
    help: 'Statements that failed (a constraint, a lost connection...), by engine and pool.',
    labelNames: ['engine', 'pool'] as const,
    registers: [this.registry],
  });

  readonly #mailsSent = new Counter({
    name: 'tutorly_mails_sent_total',
    help: 'Mails handed to the SMTP relay or written to the outbox folder, by transport.',
    labelNames: ['transport'] as const,
    registers: [this.registry],
  });

  readonly #mailsFailed = new Counter({
    name: 'tutorly_mails_failed_total',
    help: 'Mails that could not be sent, by transport.',
    labelNames: ['transport'] as const,
    registers: [this.registry],
  });

  readonly #draftsStarted = new Counter({
    name: 'tutorly_ai_drafts_started_total',
    help: 'AI review drafts asked of the model, by provider.',
    labelNames: ['provider'] as const,
    registers: [this.registry],
  });

  readonly #draftsFinished = new Counter({
    name: 'tutorly_ai_drafts_finished_total',
    help: 'AI review drafts streamed to their end, by provider.',
    labelNames: ['provider'] as const,
    registers: [this.registry],
  });

  readonly #draftsFailed = new Counter({
    name: 'tutorly_ai_drafts_failed_total',
    help: 'AI review drafts that failed, by provider and the error code the student was shown (ai_timeout, ai_provider_error...).',
    labelNames: ['provider', 'code'] as const,
    registers: [this.registry],
  });

  readonly #draftsAbandoned = new Counter({
    name: 'tutorly_ai_drafts_abandoned_total',
    help: 'AI review drafts the student left before they ended, by provider.',
    labelNames: ['provider'] as const,
    registers: [this.registry],
  });

  readonly #uploads = new Counter({
    name: 'tutorly_picture_uploads_total',
    help: 'Picture uploads answered, by outcome: accepted, refused (too large, not a picture, over the limit...) or failed.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly #uploadBytes = new Counter({
    name: 'tutorly_picture_upload_bytes_total',
    help: 'Bytes of the uploaded pictures as received (before re-encoding), by outcome.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor({ database, readCaches, outages }: MetricsSources) {
    const registers = [this.registry];
    for (const cache of Object.values(readCaches)) cache.countLookups();

    new Gauge({
      name: 'tutorly_database_pool_connections',
      help: 'Database connections open, by pool and state (in_use, idle); the embedded database has one.',
      labelNames: ['pool', 'state'] as const,
      registers,
      collect() {
        for (const { pool, open, idle } of database.stats().pools) {
          this.set({ pool, state: 'in_use' }, open - idle);
          this.set({ pool, state: 'idle' }, idle);
        }
      },
    });
    new Gauge({
      name: 'tutorly_database_pool_waiting_queries',
      help: 'Queries waiting for a connection of the pool.',
      labelNames: ['pool'] as const,
      registers,
      collect() {
        for (const { pool, waiting } of database.stats().pools) this.set({ pool }, waiting);
      },
    });
    new Counter({
      name: 'tutorly_change_announcements_sent_total',
      help: 'Announcements of committed changes sent to the other instances (PostgreSQL NOTIFY), so they drop what they keep.',
      registers,
      collect() {
        this.reset();
        this.inc(database.stats().announcements.sent);
      },
    });
    new Counter({
      name: 'tutorly_change_announcements_received_total',
      help: "Announcements of changes heard from the other instances (this instance's own not counted).",
      registers,
      collect() {
        this.reset();
        this.inc(database.stats().announcements.received);
      },
    });

    new Gauge({
      name: 'tutorly_outage_active',
      help: 'Whether a dependency is down now (1) or not (0), by outage: disk_full (the data folder), database_disk_full (the PostgreSQL server), picture_store.',
      labelNames: ['outage'] as const,
      registers,
      collect() {
        for (const outage of outageNames) this.set({ outage }, outages.isActive(outage) ? 1 : 0);
      },
    });
    new Counter({
      name: 'tutorly_outages_total',
      help: 'Outages that began since the process started, by outage; an alert on its increase catches one shorter than a scrape interval.',
      labelNames: ['outage'] as const,
      registers,
      collect() {
        this.reset();
        for (const outage of outageNames) this.inc({ outage }, outages.startedCount(outage));
      },
    });

    const lookupsOf = (pick: 'hits' | 'misses') =>
      function collect(this: Counter<'kind'>) {
        this.reset();
        for (const cache of Object.values(readCaches))
          for (const [kind, counts] of cache.lookups()) this.inc({ kind }, counts[pick]);
      };
    new Counter({
      name: 'tutorly_read_cache_hits_total',
      help: 'Reads answered from memory, by kind of answer (tutors, tutor, tutor-reviews, session...).',
      labelNames: ['kind'] as const,
      registers,
      collect: lookupsOf('hits'),
    });
    new Counter({
      name: 'tutorly_read_cache_misses_total',
      help: 'Reads that went to the database (nothing kept, or the cache off or not tracking changes), by kind of answer.',
      labelNames: ['kind'] as const,
      registers,
      collect: lookupsOf('misses'),
    });
    new Gauge({
      name: 'tutorly_read_cache_entries',
      help: 'Answers kept in memory, by cache.',
      labelNames: ['cache'] as const,
      registers,
      collect() {
        for (const [cache, readCache] of Object.entries(readCaches)) this.set({ cache }, readCache.size);
      },
    });
  }

  /** Starts hearing the server's reports and the process's own figures. */
  start(): void {
    collectDefaultMetrics({ register: this.registry });

    const startedAt = new WeakMap<object, number>();
    this.#subscribe<DatabaseQueryEvent>(databaseQueries, {
      start: (event) => startedAt.set(event, performance.now()),
      asyncEnd: (event) => {
        const started = startedAt.get(event);
        if (started === undefined) return;
        const labels = { engine: event.engine, pool: event.pool };
        this.#querySeconds.observe(labels, (performance.now() - started) / 1000);
        if (event.error !== undefined) this.#queryErrors.inc(labels);
      },
    });
    this.#subscribe<MailSendEvent>(mailSends, {
      asyncEnd: (event) => {
        const labels = { transport: event.transport };
        if (event.error === undefined) this.#mailsSent.inc(labels);
        else this.#mailsFailed.inc(labels);
      },
    });
    this.#subscribe<AiDraftEvent>(aiDrafts, {
      start: (event) => this.#draftsStarted.inc({ provider: event.provider }),
      asyncEnd: (event) => {
        const provider = event.provider;
        if (event.outcome === 'finished') this.#draftsFinished.inc({ provider });
        else if (event.outcome === 'failed') this.#draftsFailed.inc({ provider, code: event.failureCode ?? 'unknown' });
        else this.#draftsAbandoned.inc({ provider });
      },
    });
    const onUpload = (message: unknown) => {
      const { outcome, bytes } = message as PictureUploadEvent;
      this.#uploads.inc({ outcome });
      this.#uploadBytes.inc({ outcome }, bytes);
    };
    pictureUploads.subscribe(onUpload);
    this.#unsubscribes.push(() => pictureUploads.unsubscribe(onUpload));
  }

  /** Stops hearing the reports; what was counted stays readable. */
  stop(): void {
    for (const unsubscribe of this.#unsubscribes.splice(0)) unsubscribe();
  }

  /** One answered request; `route` is the route's pattern or UNMATCHED_ROUTE. */
  observeRequest(route: string, method: string, statusCode: number, seconds: number): void {
    this.#requestSeconds.observe({ route, method, status_code: statusCode }, seconds);
  }

  /** The exposition text Prometheus scrapes. */
  scrape(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  #subscribe<Event extends object>(
    channel: TracingChannel<object, Event>,
    given: Partial<TracingChannelSubscribers<Event>>,
  ): void {
    // The five handlers a TracingChannel's subscribers have; those not given do nothing.
    const subscribers: TracingChannelSubscribers<Event> = {
      start: () => undefined,
      end: () => undefined,
      asyncStart: () => undefined,
      asyncEnd: () => undefined,
      error: () => undefined,
      ...given,
    };
    channel.subscribe(subscribers);
    this.#unsubscribes.push(() => channel.unsubscribe(subscribers));
  }
}
