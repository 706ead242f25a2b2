/**
 * A number that moves on whenever the database may have changed, so anything read earlier
 * can tell it is out of date. Writes made through this process move it as soon as they
 * complete (after COMMIT for a transaction); writes made by other processes sharing a
 * PostgreSQL server move it when their change notification arrives. While notifications
 * cannot be trusted (the listening connection is down, or not up yet) `isTracking` is false
 * and nothing may be served from memory.
 */
export class DataVersion {
  #current = 0;
  #tracking: boolean;

  constructor(options: { tracking: boolean }) {
    this.#tracking = options.tracking;
  }

  get current(): number {
    return this.#current;
  }

  get isTracking(): boolean {
    return this.#tracking;
  }

  /** Something may have changed: every earlier read is now out of date. */
  advance(): void {
    this.#current += 1;
  }

  /** Whether changes made elsewhere reach this process; losing track also outdates every earlier read. */
  setTracking(tracking: boolean): void {
    this.#tracking = tracking;
    this.advance();
  }
}

/**
 * Whether a statement may change data. Only a plain SELECT is known not to; anything else
 * (INSERT, UPDATE, DELETE, COMMIT, a data-modifying WITH, ...) counts as a change, which at
 * worst empties the caches once too often.
 */
export function mayChangeData(statement: string): boolean {
  return !/^\s*select\b/i.test(statement);
}
