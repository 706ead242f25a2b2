import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { mayChangeData, type DataVersion } from './data-version';

/**
 * The channel the change triggers (migration 0008) notify on; PostgreSQL delivers it after
 * COMMIT, and once per transaction however many rows changed.
 */
export const DATA_CHANGED_CHANNEL = 'tutorly_data_changed';

/** How long the listener waits before connecting again after losing its connection. */
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
export function trackPgClientWrites(client: pg.ClientBase, version: DataVersion): void {
  const query = client.query.bind(client) as AnyQuery;
  const tracked: AnyQuery = (...args) => {
    if (!mayChangeData(statementOf(args[0]))) return query(...args);
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        version.advance();
        return (callback as AnyQuery)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    return result instanceof Promise ? result.finally(() => version.advance()) : result;
  };
  (client as unknown as { query: AnyQuery }).query = tracked;
}

/**
 * The same for PGlite. It runs one statement or transaction at a time, so a transaction
 * (whose inner statements go through its own object) advances the version when it ends.
 */
export function trackPgliteWrites(client: PGlite, version: DataVersion): void {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (statement: string, ...rest: unknown[]) => {
    try {
      return await (query as AnyQuery)(statement, ...rest);
    } finally {
      if (mayChangeData(statement)) version.advance();
    }
  }) as PGlite['query'];
  client.exec = (async (...args: Parameters<PGlite['exec']>) => {
    try {
      return await exec(...args);
    } finally {
      version.advance();
    }
  }) as PGlite['exec'];
  client.transaction = (async (...args: Parameters<PGlite['transaction']>) => {
    try {
      return await transaction(...args);
    } finally {
      version.advance();
    }
  }) as PGlite['transaction'];
}

export interface ChangeListener {
  stop(): Promise<void>;
}

/**
 * Keeps one connection listening for other processes' changes. Until it listens, and from
 * the moment it loses its connection until it listens again, the version is not tracking,
 * so nothing read earlier is trusted; it reconnects on its own.
 */
export function listenForChanges(options: {
  url: string;
  version: DataVersion;
  onError: (err: Error) => void;
}): ChangeListener {
  const { version } = options;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let reportedSinceConnected = false;

  const lost = (err?: Error) => {
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

  async function connect(): Promise<void> {
    retry = undefined;
    if (stopped) return;
    const next = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5_000 });
    client = next;
    next.on('notification', () => version.advance());
    next.on('error', (err) => {
      if (client === next) lost(err);
    });
    next.on('end', () => {
      if (client === next) lost();
    });
    try {
      await next.connect();
      await next.query(`listen ${DATA_CHANGED_CHANNEL}`);
    } catch (err) {
      if (client === next) lost(err as Error);
      return;
    }
    if (client !== next || stopped) return;
    reportedSinceConnected = false;
    version.setTracking(true);
  }

  void connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      if (version.isTracking) version.setTracking(false);
      current?.removeAllListeners();
      current?.on('error', () => undefined);
      await current?.end().catch(() => undefined);
    },
  };
}
