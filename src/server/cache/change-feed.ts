import { everythingChanged, type DataChange } from './data-changes';

type ChangeListener = (changes: readonly DataChange[]) => void;

/**
 * Where the changes committed to the database are heard, by everything that keeps answers in
 * memory: this instance's own writes once they have committed (db/change-data.ts), and other
 * instances' as PostgreSQL delivers their notifications (db/change-channel.ts).
 *
 * While changes made elsewhere cannot be heard (the listening connection is down, or not up
 * yet) `isTracking` is false and nothing may be answered from memory; losing track, or getting
 * it back, drops every kept answer.
 */
export class ChangeFeed {
  readonly #listeners = new Set<ChangeListener>();
  #tracking: boolean;

  constructor(options: { tracking: boolean }) {
    this.#tracking = options.tracking;
  }

  get isTracking(): boolean {
    return this.#tracking;
  }

  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** These changes have committed: every answer read before them that they affect is out of date. */
  publish(changes: readonly DataChange[]): void {
    if (changes.length === 0) return;
    for (const listener of this.#listeners) listener(changes);
  }

  setTracking(tracking: boolean): void {
    this.#tracking = tracking;
    this.publish([everythingChanged(tracking ? 'change channel listening again' : 'change channel lost')]);
  }
}
