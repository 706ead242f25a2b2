import type { CacheTopic, CacheVersion } from './cache-version';

export interface ReadCacheLimits {
  /** False keeps nothing: every read goes to the database (READ_CACHE=off). */
  enabled?: boolean;
  /** At most this many entries... */
  maxEntries: number;
  /** ...weighing at most this much together (in bytes, for cached JSON answers). */
  maxWeight: number;
}

interface Entry {
  value: unknown;
  weight: number;
}

interface Load {
  version: number;
  promise: Promise<unknown>;
}

/**
 * Answers read from the database, cached in memory until the data may have changed
 * (see CacheVersion): every entry is dropped once the version moves on, and a read that
 * overlapped a change is returned but never cached. Concurrent misses of one key share one
 * read. Least recently used entries go first when full.
 */
export class ReadCache {
  readonly #entries = new Map<string, Entry>();
  readonly #loading = new Map<string, Load>();
  #weight = 0;
  /** The version every cached entry was read at. */
  #cachedVersion = -1;
  /** Reads answered from memory: how the tests tell that a read came from the cache. */
  hits = 0;

  constructor(
    private readonly cacheVersion: CacheVersion,
    /** What the cached reads depend on: only changes of this topic drop them. */
    private readonly topic: CacheTopic,
    private readonly limits: ReadCacheLimits,
  ) {}

  /** The cached value of `key` if still current, else what `load` reads now (cached for next time). */
  async get<T>(key: string, load: () => Promise<T>, weigh: (value: T) => number = () => 1): Promise<T> {
    if (this.limits.enabled === false || !this.cacheVersion.isTracking) return load();
    const current = this.cacheVersion.current(this.topic);
    if (current !== this.#cachedVersion) this.#dropAll(current);
    const entry = this.#entries.get(key);
    if (entry) {
      this.hits += 1;
      // Re-inserting moves it to the young end of the Map's order.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry.value as T;
    }
    const pending = this.#loading.get(key);
    if (pending && pending.version === current) return pending.promise as Promise<T>;

    const promise = load();
    this.#loading.set(key, { version: current, promise });
    try {
      const value = await promise;
      if (
        this.cacheVersion.isTracking &&
        this.cacheVersion.current(this.topic) === current &&
        this.#cachedVersion === current
      ) {
        this.#store(key, { value, weight: weigh(value) });
      }
      return value;
    } finally {
      if (this.#loading.get(key)?.promise === promise) this.#loading.delete(key);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  #store(key: string, entry: Entry): void {
    if (entry.weight > this.limits.maxWeight) return;
    const previous = this.#entries.get(key);
    if (previous) this.#remove(key, previous);
    this.#entries.set(key, entry);
    this.#weight += entry.weight;
    for (const [oldestKey, oldest] of this.#entries) {
      if (this.#entries.size <= this.limits.maxEntries && this.#weight <= this.limits.maxWeight) break;
      this.#remove(oldestKey, oldest);
    }
  }

  #dropAll(version: number): void {
    this.#entries.clear();
    this.#weight = 0;
    this.#cachedVersion = version;
  }

  #remove(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }
}
