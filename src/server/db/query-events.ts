/**
 * Reports every statement on the databaseQueries channel (observability/events.ts), for query
 * latency metrics and database spans. With nobody listening each query is passed straight on.
 */
import { AsyncResource } from 'node:async_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { databaseQueries, type DatabaseQueryEvent } from '../observability/events';

/** Enough of a statement to recognise it; the longest (the tutor search) stays whole. */
const STATEMENT_LIMIT = 4_000;

function statementOf(config: unknown): string {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text.slice(0, STATEMENT_LIMIT) : '';
}

/**
 * A pg client class for one pool that reports its queries, in both of pg's forms (promise and
 * callback), and its lost connection. pg-pool listens for a client's 'error' only while it is idle
 * in the pool; a connection lost while a request holds it would otherwise be an unhandled
 * 'error' event, which ends the process. The query the request was running fails on its own.
 */
export function reportingClientClass(
  pool: DatabaseQueryEvent['pool'],
  onConnectionLost: (err: Error) => void,
): typeof pg.Client {
  return class ReportingClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      this.on('error', onConnectionLost);
    }

    // pg's overloads take a query text or config, values, and an optional callback.
    override query(...args: unknown[]): never {
      const query = super.query as (...queryArgs: unknown[]) => never;
      const config = args[0] as { submit?: unknown } | undefined;
      // A cursor or stream (a Submittable) reports nothing: none is used by the app.
      if (!databaseQueries.hasSubscribers || typeof config?.submit === 'function') return query.apply(this, args);
      const event: DatabaseQueryEvent = { engine: 'postgres', pool, statement: statementOf(config) };
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        return databaseQueries.traceCallback(query, last, event, this, ...args) as never;
      }
      return databaseQueries.tracePromise(query, event, this, ...args) as never;
    }
  };
}

/** How many listeners need each query reported within the work that asked for it (traces do; metrics do not). */
let contextKeepers = 0;

/**
 * Makes pooled queries keep the context of the work that asked for them, until the returned
 * function is called. Binding a callback to its context costs an async resource per query, paid
 * only while traces, which need it, are on.
 */
export function keepQueryContexts(): () => void {
  contextKeepers += 1;
  let released = false;
  return () => {
    if (!released) contextKeepers -= 1;
    released = true;
  };
}

/**
 * A pg pool whose queries are reported as part of the work that asked for them. pg-pool hands a
 * connection freed by one query to the next one waiting from within the first one's callback,
 * so without this a query that waited for a connection would be reported as part of whatever
 * freed it: another request's trace. Bound only while traces are on (keepQueryContexts).
 */
export class ReportingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (!callback) return super.connect().then(givenBackWhenLost);
    return super.connect(contextKeepers > 0 ? AsyncResource.bind(callback) : callback);
  }
}

/**
 * A client handed out (to a transaction, to the migrations) goes back to the pool, to be
 * dropped, the moment its connection is lost, and its holder's own release does nothing after
 * that. Drizzle's transaction releases its client only once BEGIN has succeeded: a connection
 * lost under the BEGIN would otherwise be held forever, and a pool that lost all its
 * connections so would answer every later request with a timeout. (pg-pool's own query()
 * watches its client itself.)
 */
function givenBackWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const giveBack = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('error', onLost);
    release(err);
  };
  const onLost = (err: Error) => giveBack(err);
  client.on('error', onLost);
  client.release = giveBack;
  return client;
}

type ConnectCallback = Parameters<pg.Pool['connect']>[0] & object;

type QueryFunction = PGlite['query'];

function reportingQuery(query: QueryFunction): QueryFunction {
  return ((statement: string, ...rest: unknown[]) => {
    if (!databaseQueries.hasSubscribers) return (query as (...args: unknown[]) => unknown)(statement, ...rest);
    const event: DatabaseQueryEvent = { engine: 'pglite', pool: 'write', statement: statementOf(statement) };
    return databaseQueries.tracePromise(
      query as (...args: unknown[]) => Promise<unknown>,
      event,
      undefined,
      statement,
      ...rest,
    );
  }) as QueryFunction;
}

/** Makes an embedded database report its queries, those inside transactions included. */
export function reportQueriesOf(client: PGlite): void {
  client.query = reportingQuery(client.query.bind(client));
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      tx.query = reportingQuery(tx.query.bind(tx));
      return callback(tx);
    })) as PGlite['transaction'];
}
