import type { ReadCache } from '../cache/read-cache';
import type { Database } from '../db/client';

/** What every read model reads through: the database, and the answers kept in memory. */
export interface ReadContext {
  db: Database;
  cache: ReadCache;
}

/** What a kept JSON answer weighs in the cache: its size in bytes. */
export const weighJson = (json: Buffer): number => json.byteLength;
