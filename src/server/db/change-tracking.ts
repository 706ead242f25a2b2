import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { mayChangeData, type DataVersion } from './data-version';

/** Instances tell each other about their changes on this channel (PostgreSQL's LISTEN/NOTIFY). */
export const DATA_CHANGED_CHANNEL = 'tutorly_data_changed';

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
 * Advances the version after every statement this node-postgres client runs that may change
 * data: after it completes, so a COMMIT moves the version only once its changes are visible.
 * Both the promise form (Drizzle) and the callback form (pg's Pool.query) are covered.
 */
export function trackPgClientWrites(client: pg.ClientBase, onChange: () => void): void {
  const query = client.query.bind(client) as AnyQuery;
  const tracked: AnyQuery = (...args) => {
    if (!mayChangeData(statementOf(args[0]))) return query(...args);
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        onChange();
        return (callback as AnyQuery)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    return result instanceof Promise ? result.finally(onChange) : result;
  };
  (client as unknown as { query: AnyQuery }).query = tracked;
}

/**
 * The same for PGlite. It runs one statement or transaction at a time, so a transaction
 * (whose inner statements go through its own object) advances the version when it ends.
 */
export function trackPgliteWrites(client: PGlite, onChange: () => void): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (statement: string, ...rest: unknown[]) => {
    try {
      return await (query as AnyQuery)(statement, ...rest);
    } finally {
      if (mayChangeData(statement)) onChange();
    }
  }) as PGlite['query'];
  client.exec = (async (...args: Parameters<PGlite['exec']>) => {
    try {
      return await exec(...args);
    } finally {
      onChange();
    }
  }) as PGlite['exec'];
  client.transaction = (async (...args: Parameters<PGlite['transaction']>) => {
    try {
      return await transaction(...args);
    } finally {
      onChange();
    }
  }) as PGlite['transaction'];
}

export interface ChangeChannel {
  /** Tells the other instances that this one has just committed a change. */
  announce(): void;
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
 * version is not tracking, so nothing read earlier is trusted; it reconnects on its own, and an
 * announcement that could not be sent goes out once it is back.
 */
export function openChangeChannel(options: { url: string; version: DataVersion; onError: (err: Error) => void }): ChangeChannel {
  const { version } = options;
  // Each instance ignores its own announcements: it has already moved its version on.
  const instanceId = randomUUID();
  let stopped = false;
  let client: pg.Client | undefined;
  let ready = false;
  let retry: NodeJS.Timeout | undefined;
  let reportedSinceConnected = false;
  let announcementDue = false;
  let announcing = false;

  const lost = (err?: Error) => {
    ready = false;
    if (version.isTracking) version.setTracking(false);
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
    if (!announcementDue || announcing || !ready || !client) return;
    const current = client;
    announcementDue = false;
    announcing = true;
    current.query('select pg_notify($1, $2)', [DATA_CHANGED_CHANNEL, instanceId]).then(
      () => {
        announcing = false;
        sendAnnouncement();
      },
      (err: Error) => {
        announcing = false;
        announcementDue = true;
        if (client === current) lost(err);
      },
    );
  }

  async function connect(): Promise<void> {
    retry = undefined;
    if (stopped) return;
    const next = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5_000, application_name: CHANGE_CHANNEL_APPLICATION_NAME });
    client = next;
    next.on('notification', (message) => {
      if (message.payload !== instanceId) version.advance();
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
    version.setTracking(true);
    sendAnnouncement();
  }

  void connect();
  return {
    announce() {
      announcementDue = true;
      sendAnnouncement();
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      ready = false;
      if (version.isTracking) version.setTracking(false);
      current?.removeAllListeners();
      current?.on('error', () => undefined);
      await current?.end().catch(() => undefined);
    },
  };
}
