import type { ChangeFeed } from './change-feed';
import {
  affects,
  changeKey,
  dependencyKey,
  isMatchedDependency,
  type DataChange,
  type Dependency,
  type MatchedDependency,
} from './data-changes';

export interface ReadCacheLimits {
  /** False keeps nothing: every read goes to the database (READ_CACHE=off). */
  enabled: boolean;
  /** At most this many entries... */
  maxEntries: number;
  /** ...weighing at most this much together (in bytes, for cached JSON answers). */
  maxWeight: number;
}

/** How one kind of answer is kept: what it was read from, and what it weighs. */
export interface KeptAs<T> {
  /** What the answer depends on, known from the answer itself (a session's user) if need be. */
  dependsOn: (value: T) => readonly Dependency[];
  weigh: (value: T) => number;
  /** Some answers are not worth keeping (an unknown session token): nothing depends on them. */
  keep?: (value: T) => boolean;
}

/** Lookups of one kind of answer: those answered from memory, and those that were not. */
export interface LookupCounts {
  hits: number;
  misses: number;
}

interface Entry {
  value: unknown;
  weight: number;
  dependencies: readonly Dependency[];
}

interface Load {
  promise: Promise<unknown>;
  /** Changes committed while it read: its answer is kept only if none of them affects it. */
  changesMeanwhile: DataChange[];
}

/**
 * Answers read from the database, kept in memory until a change that affects them commits
 * (see ChangeFeed and DataChange): each entry names what it was read from, and a change drops
 * just the entries it affects. A read that overlapped an affecting change is returned but not
 * kept. Concurrent misses of one key share one read. Least recently used entries go first when
 * full.
 */
export class ReadCache {
  readonly #entries = new Map<string, Entry>();
  /** Entry keys by the exact-match key of each of their dependencies. */
  readonly #byDependency = new Map<string, Set<string>>();
  /** Entries that depend on a list filter or a feed position, matched against each change that concerns them. */
  readonly #matchedEntries = new Map<string, readonly MatchedDependency[]>();
  /** Reads under way that a later request for the same key may share. */
  readonly #loading = new Map<string, Load>();
  /** Every read under way, shared or not any more: each hears the changes that land while it reads. */
  readonly #inFlight = new Set<Load>();
  #weight = 0;
  /** Reads answered from memory: how the tests tell that a read came from the cache. */
  hits = 0;
  /** By kind of answer, for metrics; null until countLookups() (metrics on), so a lookup costs nothing more without them. */
  #lookups: Map<string, LookupCounts> | null = null;

  /**
   * `kind` names every key's kind of answer when the keys themselves must not be shown (a
   * session's token hash); otherwise a key's kind is what comes before its first ':'.
   */
  constructor(
    private readonly feed: ChangeFeed,
    private readonly limits: ReadCacheLimits,
    private readonly options: { kind?: string } = {},
  ) {
    feed.subscribe((changes) => this.#drop(changes));
  }

  /** Counts lookups by kind of answer from now on, for metrics. */
  countLookups(): void {
    this.#lookups ??= new Map();
  }

  /** Lookups by kind of answer (`tutors`, `tutor`, `session`...) since countLookups(), whether kept answers are used or not. */
  lookups(): ReadonlyMap<string, Readonly<LookupCounts>> {
    return this.#lookups ?? new Map();
  }

  #countsOf(key: string): LookupCounts | null {
    if (!this.#lookups) return null;
    const colon = key.indexOf(':');
    const kind = this.options.kind ?? (colon === -1 ? key : key.slice(0, colon));
    let counts = this.#lookups.get(kind);
    if (!counts) this.#lookups.set(kind, (counts = { hits: 0, misses: 0 }));
    return counts;
  }

  /** The kept answer of `key` if still current, else what `load` reads now (kept for next time). */
  async get<T>(key: string, load: () => Promise<T>, keptAs: KeptAs<T>): Promise<T> {
    const counts = this.#countsOf(key);
    if (!this.limits.enabled || !this.feed.isTracking) {
      if (counts) counts.misses += 1;
      return load();
    }
    const entry = this.#entries.get(key);
    if (entry) {
      this.hits += 1;
      if (counts) counts.hits += 1;
      // Re-inserting moves it to the young end of the Map's order.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry.value as T;
    }
    if (counts) counts.misses += 1;
    const pending = this.#loading.get(key);
    if (pending) return pending.promise as Promise<T>;

    const loadState: Load = { promise: load(), changesMeanwhile: [] };
    this.#loading.set(key, loadState);
    this.#inFlight.add(loadState);
    try {
      const value = (await loadState.promise) as T;
      if (this.feed.isTracking && (keptAs.keep?.(value) ?? true)) {
        const dependencies = keptAs.dependsOn(value);
        const outdated = loadState.changesMeanwhile.some((change) =>
          dependencies.some((dependency) => affects(change, dependency)),
        );
        if (!outdated) this.#store(key, { value, weight: keptAs.weigh(value), dependencies });
      }
      return value;
    } finally {
      this.#inFlight.delete(loadState);
      if (this.#loading.get(key) === loadState) this.#loading.delete(key);
    }
  }

  /** Drops what is kept under `key`: the caller knows it may be out of date in a way no change says. */
  forget(key: string): void {
    this.#remove(key);
    this.#loading.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }

  #drop(changes: readonly DataChange[]): void {
    for (const load of this.#inFlight) load.changesMeanwhile.push(...changes);
    // A read under way when a change lands may have read before it: a later request must not share it.
    this.#loading.clear();
    for (const change of changes) {
      if (change.kind === 'everything') {
        this.#clear();
        return;
      }
      const indexKey = changeKey(change);
      const exact = indexKey === null ? undefined : this.#byDependency.get(indexKey);
      if (exact) for (const key of [...exact]) this.#remove(key);
      if (change.kind === 'tutor' || change.kind === 'review-feed' || change.kind === 'review-added') {
        for (const [key, dependencies] of this.#matchedEntries) {
          if (dependencies.some((dependency) => affects(change, dependency))) this.#remove(key);
        }
      }
    }
  }

  #store(key: string, entry: Entry): void {
    if (entry.weight > this.limits.maxWeight) return;
    this.#remove(key);
    this.#entries.set(key, entry);
    this.#weight += entry.weight;
    const matched: MatchedDependency[] = [];
    for (const dependency of entry.dependencies) {
      if (isMatchedDependency(dependency)) {
        matched.push(dependency);
        continue;
      }
      const indexKey = dependencyKey(dependency);
      let keys = this.#byDependency.get(indexKey);
      if (!keys) this.#byDependency.set(indexKey, (keys = new Set()));
      keys.add(key);
    }
    if (matched.length > 0) this.#matchedEntries.set(key, matched);
    for (const oldestKey of this.#entries.keys()) {
      if (this.#entries.size <= this.limits.maxEntries && this.#weight <= this.limits.maxWeight) break;
      this.#remove(oldestKey);
    }
  }

  #clear(): void {
    this.#entries.clear();
    this.#byDependency.clear();
    this.#matchedEntries.clear();
    this.#weight = 0;
  }

  #remove(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#weight -= entry.weight;
    this.#matchedEntries.delete(key);
    for (const dependency of entry.dependencies) {
      if (isMatchedDependency(dependency)) continue;
      const indexKey = dependencyKey(dependency);
      const keys = this.#byDependency.get(indexKey);
      keys?.delete(key);
      if (keys?.size === 0) this.#byDependency.delete(indexKey);
    }
  }
}
