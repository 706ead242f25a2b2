import { EventEmitter } from 'node:events';
import pino from 'pino';

/**
 * How errors reach the log. A failed query carries the values it was given (password hashes,
 * e-mail addresses, review text) in several places: Drizzle's message and `params`, the
 * driver's `detail` ("Key (email)=(…) already exists", "Failing row contains (…)") and, for
 * invalid input, the server's own message. A database error is therefore logged as what an
 * operator needs to find the fault (SQLSTATE code, constraint, table, the statement with its
 * placeholders, where in our code) and nothing it was given. Every other error is logged whole.
 */

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

interface DatabaseErrorFields {
  code: string;
  message?: string;
  constraint?: string;
  table?: string;
  column?: string;
  schema?: string;
  severity?: string;
}

/** The driver's fields that name things in the schema, never data. */
const NAMING_FIELDS = ['constraint', 'table', 'column', 'schema', 'severity'] as const;

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * Class 22 (data exception) messages quote the value that was refused: `invalid input syntax
 * for type uuid: "…"`, `value "…" is out of range for type integer`. Their code says enough.
 */
const VALUE_QUOTING_CLASS = '22';

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}

/** Drizzle's wrapper, or another error that holds a statement and the values bound to it. */
function failedStatement(err: Record<string, unknown>): string | undefined {
  return typeof err.query === 'string' && 'params' in err ? err.query : undefined;
}

function databaseErrorFields(err: Record<string, unknown>): DatabaseErrorFields | undefined {
  // The server's severity tells its errors from Node's five-letter ones (EPIPE, EPERM).
  if (typeof err.code !== 'string' || !SQLSTATE.test(err.code) || typeof err.severity !== 'string') return undefined;
  const fields: DatabaseErrorFields = { code: err.code };
  for (const name of NAMING_FIELDS) {
    const value = err[name];
    if (typeof value === 'string') fields[name] = value;
  }
  if (typeof err.message === 'string' && !err.code.startsWith(VALUE_QUOTING_CLASS)) fields.message = err.message;
  return fields;
}

/** The call sites of a stack, without its first line (which repeats the message). */
function stackFrames(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/** user:password@ in a connection string (postgres://, redis://, smtp://...). */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]*(?::[^\s/@]*)?@/gi;

/**
 * pino copies every enumerable field of an error. Some libraries hang live objects on theirs
 * (pg-pool's lost connection carries its client, whose settings hold DATABASE_URL's password):
 * those are left out, and a connection string's credentials are masked wherever a text holds one.
 */
function withoutLiveObjects(serialized: SerializedError): SerializedError {
  const kept: SerializedError = { type: serialized.type, message: '', stack: '' };
  for (const [key, value] of Object.entries(serialized)) {
    if (value instanceof EventEmitter) continue;
    kept[key] = typeof value === 'string' ? value.replace(URL_CREDENTIALS, '$1***@') : value;
  }
  return kept;
}

function standardSerialized(err: Error): SerializedError {
  return withoutLiveObjects(pino.stdSerializers.err(err) as SerializedError);
}

export function serializeError(err: Error): SerializedError {
  const top = asRecord(err);
  if (!top) return standardSerialized(err);
  let statement: string | undefined;
  let database: DatabaseErrorFields | undefined;
  let current: Record<string, unknown> | undefined = top;
  for (let depth = 0; depth < 5 && current; depth++) {
    statement ??= failedStatement(current);
    database ??= databaseErrorFields(current);
    current = asRecord(current.cause);
  }
  if (statement === undefined && database === undefined) return standardSerialized(err);

  const type = typeof top.name === 'string' ? top.name : 'Error';
  const message =
    [statement !== undefined ? 'Failed query' : undefined, database?.message ?? database?.code]
      .filter(Boolean)
      .join(': ') || 'Database error';
  const { message: _serverMessage, ...naming } = database ?? {};
  const frames = stackFrames(top.stack);
  return {
    type,
    message,
    ...naming,
    ...(statement !== undefined ? { query: statement } : {}),
    stack: frames ? `${type}: ${message}\n${frames}` : `${type}: ${message}`,
  };
}
