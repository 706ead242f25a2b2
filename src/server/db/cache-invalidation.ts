import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  ALL_CACHE_TOPICS,
  type CacheTopic,
  type CacheVersion,
  topicsChangedBy,
  transactionBoundary,
} from '../cache/cache-version';

/** Instances tell each other about their changes on this channel (PostgreSQL's LISTEN/NOTIFY). */
const DATA_CHANGED_CHANNEL = 'tutorly_data_changed';

/** How the channel's connection shows in pg_stat_activity. */
export const CHANGE_CHANNEL_APPLICATION_NAME = 'tutorly change channel';

/** How long the channel waits before connecting again after losing its connection. */
const RECONNECT_DELAY_MS = 1_000;

type AnyQuery = (...args: unknown[]) => unknown;

function statementOf(query: unknown): string {
  if (typeof query === 'string') return query;
  if (query && typeof query === 'object' && 'text' in query && typeof query.text === 'string') return query.text;
  return '';
}

/**
 * Reports the topics each statement this node-postgres client runs may have changed, once it
 * has completed. Inside a transaction they are gathered and reported after its COMMIT, when
 * the changes become visible. Both the promise form (Drizzle) and the callback form (pg's
 * Pool.query) are covered.
 */
export function trackPgClientWrites(client: pg.ClientBase, onChange: (topics: readonly CacheTopic[]) => void): void {
  const query = client.query.bind(client) as AnyQuery;
  let inTransaction: Set<CacheTopic> | null = null;
  const tracked: AnyQuery = (...args) => {
    const statement = statementOf(args[0]);
    let changed: readonly CacheTopic[];
    const boundary = transactionBoundary(statement);
    if (boundary === 'begin') {
      inTransaction = new Set();
      return query(...args);
    }
    if (boundary === 'end') {
      changed = inTransaction ? [...inTransaction] : ALL_CACHE_TOPICS;
      inTransaction = null;
    } else {
      changed = topicsChangedBy(statement);
      if (inTransaction) {
        for (const topic of changed) inTransaction.add(topic);
        return query(...args);
      }
    }
    if (changed.length === 0) return query(...args);
    const report = () => onChange(changed);
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        report();
        return (callback as AnyQuery)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    return result instanceof Promise ? result.finally(report) : result;
  };
  (client as unknown as { query: AnyQuery }).query = tracked;
}

/**
 * The same for PGlite. It runs one statement or transaction at a time, so a transaction
 * (whose inner statements go through its own object) advances the cache version when it ends.
 */
export function trackPgliteWrites(client: PGlite, onChange: (topics: readonly CacheTopic[]) => void): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (statement: string, ...rest: unknown[]) => {
    try {
      return await (query as AnyQuery)(statement, ...rest);
    } finally {
      const changed = topicsChangedBy(statement);
      if (changed.length > 0) onChange(changed);
    }
  }) as PGlite['query'];
  client.exec = (async (...args: Parameters<PGlite['exec']>) => {
    try {
      return await exec(...args);
    } finally {
      onChange(ALL_CACHE_TOPICS);
    }
  }) as PGlite['exec'];
  client.transaction = (async (...args: Parameters<PGlite['transaction']>) => {
    try {
      return await transaction(...args);
    } finally {
      onChange(ALL_CACHE_TOPICS);
    }
  }) as PGlite['transaction'];
}

export interface ChangeChannel {
  /** Tells the other instances that this one has just committed a change of these topics. */
  announce(topics: readonly CacheTopic[]): void;
  stop(): Promise<void>;
}

/**
 * One connection per instance that listens for the other instances' changes and announces
 * this one's. Announcing is a NOTIFY of its own after the change has committed, not part of
 * the change's transaction: PostgreSQL serializes the commits of transactions that notify, so
 * notifying inside every write would queue all writes behind one another's disk flush. This
 * connection commits without waiting for the disk (a notification lost in a crash concerns
 * instances that restart anyway), and announcements made while one is on its way go out as one.
 *
 * Until it listens, and from the moment it loses its connection until it listens again, the
 * cache version is not tracking, so nothing cached earlier is trusted; it reconnects on its own, and an
 * announcement that could not be sent goes out once it is back.
 */
export function openChangeChannel(options: {
  url: string;
  cacheVersion: CacheVersion;
  onError: (err: Error) => void;
}): ChangeChannel {
  const { cacheVersion } = options;
  // Each instance ignores its own announcements: it has already moved its cache version on.
  const instanceId = randomUUID();
  let stopped = false;
  let client: pg.Client | undefined;
  let ready = false;
  let retry: NodeJS.Timeout | undefined;
  let reportedSinceConnected = false;
  const topicsDue = new Set<CacheTopic>();
  let announcing = false;

  const lost = (err?: Error) => {
    ready = false;
    if (cacheVersion.isTracking) cacheVersion.setTracking(false);
    if (err && !reportedSinceConnected) {
      reportedSinceConnected = true;
      options.onError(err);
    }
    const previous = client;
    client = undefined;
    previous?.removeAllListeners();
    previous?.on('error', () => undefined);
    void previous?.end().catch(() => undefined);
    if (!stopped && !retry) retry = setTimeout(connect, RECONNECT_DELAY_MS);
  };

  function sendAnnouncement(): void {
    if (topicsDue.size === 0 || announcing || !ready || !client) return;
    const current = client;
    const topics = [...topicsDue];
    topicsDue.clear();
    announcing = true;
    current.query('select pg_notify($1, $2)', [DATA_CHANGED_CHANNEL, `${instanceId}:${topics.join(',')}`]).then(
      () => {
        announcing = false;
        sendAnnouncement();
      },
      (err: Error) => {
        announcing = false;
        for (const topic of topics) topicsDue.add(topic);
        if (client === current) lost(err);
      },
    );
  }

  async function connect(): Promise<void> {
    retry = undefined;
    if (stopped) return;
    const next = new pg.Client({
      connectionString: options.url,
      connectionTimeoutMillis: 5_000,
      application_name: CHANGE_CHANNEL_APPLICATION_NAME,
    });
    client = next;
    next.on('notification', (message) => {
      const announced = parseAnnouncement(message.payload);
      if (announced.from !== instanceId) cacheVersion.advance(announced.topics);
    });
    next.on('error', (err) => {
      if (client === next) lost(err);
    });
    next.on('end', () => {
      if (client === next) lost();
    });
    try {
      await next.connect();
      await next.query('set synchronous_commit = off');
      await next.query(`listen ${DATA_CHANGED_CHANNEL}`);
    } catch (err) {
      if (client === next) lost(err as Error);
      return;
    }
    if (client !== next || stopped) return;
    ready = true;
    reportedSinceConnected = false;
    cacheVersion.setTracking(true);
    sendAnnouncement();
  }

  void connect();
  return {
    announce(topics) {
      for (const topic of topics) topicsDue.add(topic);
      sendAnnouncement();
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      ready = false;
      if (cacheVersion.isTracking) cacheVersion.setTracking(false);
      current?.removeAllListeners();
      current?.on('error', () => undefined);
      await current?.end().catch(() => undefined);
    },
  };
}

/** `<instance>:<topic>,<topic>`; anything else (an operator's bare NOTIFY) concerns every topic. */
function parseAnnouncement(payload: string | undefined): { from: string | null; topics: readonly CacheTopic[] } {
  const match = /^([0-9a-f-]{36}):([a-z,]*)$/.exec(payload ?? '');
  if (!match) return { from: null, topics: ALL_CACHE_TOPICS };
  const topics = match[2]!
    .split(',')
    .filter((topic): topic is CacheTopic => (ALL_CACHE_TOPICS as readonly string[]).includes(topic));
  return { from: match[1]!, topics: topics.length > 0 ? topics : ALL_CACHE_TOPICS };
}
