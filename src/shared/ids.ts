/*
 * Record ids, without zod: pages that only read import these (and the constants modules) and
 * so never load the schema library.
 */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value can be a record's id at all. Anything else is answered as an unknown id
 * without a query: the server never hands PostgreSQL a malformed uuid, the web app never asks.
 */
export function isUuid(value: string | undefined): value is string {
  return value !== undefined && UUID_PATTERN.test(value);
}
