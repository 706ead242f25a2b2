/**
 * What cached reads depend on. Sessions (with their accounts) are read on every request, so a
 * review being written should not evict them; everything else a page shows is content.
 */
export type CacheTopic = 'sessions' | 'content';
export const ALL_CACHE_TOPICS: readonly CacheTopic[] = ['sessions', 'content'];

/**
 * Numbers that move on whenever the data of a topic may have changed, so anything read earlier
 * can tell it is out of date. Writes made through this process move them as soon as they
 * complete (after COMMIT for a transaction); writes made by other instances sharing a
 * PostgreSQL server move them when their announcement arrives. While announcements cannot be
 * trusted (the listening connection is down, or not up yet) `isTracking` is false and nothing
 * may be served from a cache.
 */
export class CacheVersion {
  readonly #current: Record<CacheTopic, number> = { sessions: 0, content: 0 };
  #tracking: boolean;

  constructor(options: { tracking: boolean }) {
    this.#tracking = options.tracking;
  }

  current(topic: CacheTopic): number {
    return this.#current[topic];
  }

  get isTracking(): boolean {
    return this.#tracking;
  }

  /** Something of these topics may have changed: every earlier read of them is now out of date. */
  advance(topics: readonly CacheTopic[] = ALL_CACHE_TOPICS): void {
    for (const topic of topics) this.#current[topic] += 1;
  }

  /** Whether changes made elsewhere reach this process; losing track also outdates every earlier read. */
  setTracking(tracking: boolean): void {
    this.#tracking = tracking;
    this.advance();
  }
}

/** Tables whose rows no cached read depends on: writing them moves no version. */
const UNCACHED_TABLES = new Set(['rate_limits']);
/** Tables only sessions depend on. Accounts (users) feed both: a name shows on review pages too. */
const SESSION_TABLES = new Set(['sessions']);
const SESSION_AND_CONTENT_TABLES = new Set(['users']);

// A name followed by a dot is a schema, not the table: such a statement counts as unknown.
const WRITE_STATEMENT = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)(?![a-z_])(?!"?\.)/i;
/** Each INSERT, UPDATE or DELETE inside a WITH; the UPDATE of an upsert and a locking read are not statements of their own. */
const WRITE_IN_WITH =
  /(?<!\b(?:do|for|key)\s+)\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_]+)(?![a-z_])("?\.)?/gi;

function topicsOfTable(table: string): readonly CacheTopic[] {
  if (UNCACHED_TABLES.has(table)) return [];
  if (SESSION_TABLES.has(table)) return ['sessions'];
  if (SESSION_AND_CONTENT_TABLES.has(table)) return ALL_CACHE_TOPICS;
  return ['content'];
}

/**
 * The topics a statement may change. A plain SELECT changes nothing; an INSERT, UPDATE or
 * DELETE the topics of its table, and a WITH those of every table it writes; anything else
 * (COMMIT, DDL...) may change everything, which at worst empties the caches once too often.
 */
export function topicsChangedBy(statement: string): readonly CacheTopic[] {
  if (/^\s*select\b/i.test(statement)) return [];
  if (/^\s*with\b/i.test(statement)) {
    const topics = new Set<CacheTopic>();
    for (const [, table, schemaDot] of statement.matchAll(WRITE_IN_WITH)) {
      if (schemaDot) return ALL_CACHE_TOPICS;
      for (const topic of topicsOfTable(table!.toLowerCase())) topics.add(topic);
    }
    return [...topics];
  }
  const table = WRITE_STATEMENT.exec(statement)?.[1]?.toLowerCase();
  if (!table) return ALL_CACHE_TOPICS;
  return topicsOfTable(table);
}

/** Whether a statement opens or ends a transaction (its changes count at COMMIT). */
export function transactionBoundary(statement: string): 'begin' | 'end' | null {
  if (/^\s*(begin|start\s+transaction)\b/i.test(statement)) return 'begin';
  if (/^\s*(commit|rollback|end)\b/i.test(statement)) return 'end';
  return null;
}
