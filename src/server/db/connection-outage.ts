/**
 * Tells the operator of a database outage once, not once per connection or request (PRODUCT.md
 * point 18): the first connection lost, and the first request answered 503, each make one log
 * line; the rest of the outage is counted and summed up in the line that says it is over. An
 * outage is over when a new connection to the database is made.
 */

export interface OutageLogger {
  error(details: object, message: string): void;
  info(details: object, message: string): void;
}

/** What a lost connection says of itself: pg's message and SQLSTATE, never the client or its settings. */
export interface ConnectionLoss {
  message: string;
  code?: string;
}

export function describeConnectionLoss(err: unknown): ConnectionLoss {
  const record = err !== null && typeof err === 'object' ? (err as { message?: unknown; code?: unknown }) : {};
  return {
    message: typeof record.message === 'string' ? record.message : String(err),
    ...(typeof record.code === 'string' ? { code: record.code } : {}),
  };
}

/** How long after connections are made again a failed request still counts as the last outage's. */
const TAIL_MS = 2_000;

export class DatabaseOutage {
  #logger: OutageLogger | undefined;
  #since: number | null = null;
  #lostConnections = 0;
  #unavailableAnswers = 0;
  #answerReported = false;
  #restoredAt = 0;

  constructor(logger?: OutageLogger) {
    this.#logger = logger;
  }

  /** Whether the database is known to be unreachable right now (since a connection was lost or a request failed for it). */
  get ongoing(): boolean {
    return this.#since !== null;
  }

  /** A connection (pooled, the change channel's, the migration's) was lost or could not be made. */
  connectionLost(err: unknown): void {
    this.#lostConnections += 1;
    if (this.#since !== null) return;
    this.#since = Date.now();
    this.#logger?.error(
      { database: describeConnectionLoss(err) },
      'database connection lost: requests that need the database are answered 503 until it is back',
    );
  }

  /**
   * A request was answered 503 because the database could not be reached. True for the first of
   * an outage, which the caller logs with its error; the rest are only counted.
   */
  requestFailed(): boolean {
    // Requests that held a connection lost just before the pool made new ones fail a moment after:
    // they belong to the outage already reported over.
    if (this.#since === null && Date.now() - this.#restoredAt < TAIL_MS) return false;
    this.#unavailableAnswers += 1;
    this.#since ??= Date.now();
    if (this.#answerReported) return false;
    this.#answerReported = true;
    return true;
  }

  /** A new connection to the database was made. */
  connectionMade(): void {
    if (this.#since === null) return;
    this.#logger?.info(
      {
        outageMs: Date.now() - this.#since,
        lostConnections: this.#lostConnections,
        unavailableAnswers: this.#unavailableAnswers,
      },
      'database connections restored',
    );
    this.#since = null;
    this.#restoredAt = Date.now();
    this.#lostConnections = 0;
    this.#unavailableAnswers = 0;
    this.#answerReported = false;
  }
}
