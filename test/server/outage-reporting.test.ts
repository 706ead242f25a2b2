import { EventEmitter } from 'node:events';
import { describe, expect, test } from 'vitest';
import { DatabaseOutage } from '../../src/server/db/connection-outage';
import { serializeError } from '../../src/server/lib/log-errors';

// How a database outage reaches the log: once, not once per request or connection (PRODUCT.md
// point 18), and never with a client object or a connection string in it.

function recordingLogger() {
  const lines: { level: 'error' | 'info'; details: object; message: string }[] = [];
  return {
    lines,
    logger: {
      error: (details: object, message: string) => lines.push({ level: 'error', details, message }),
      info: (details: object, message: string) => lines.push({ level: 'info', details, message }),
    },
  };
}

describe('a database outage is told once', () => {
  test('many lost connections and failed requests make one line each way, and the end one more', () => {
    const { lines, logger } = recordingLogger();
    const outage = new DatabaseOutage(logger);
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { client: new EventEmitter() });
    for (let i = 0; i < 10; i++) outage.connectionLost(lost);
    const firstFailures = Array.from({ length: 50 }, () => outage.requestFailed());
    expect(firstFailures.filter(Boolean)).toHaveLength(1);
    expect(outage.ongoing).toBe(true);
    outage.connectionMade();
    outage.connectionMade();

    expect(lines).toEqual([
      {
        level: 'error',
        details: { database: { message: 'Connection terminated unexpectedly' } },
        message: 'database connection lost: requests that need the database are answered 503 until it is back',
      },
      {
        level: 'info',
        details: { outageMs: expect.any(Number), lostConnections: 10, unavailableAnswers: 50 },
        message: 'database connections restored',
      },
    ]);
    expect(outage.ongoing).toBe(false);
  });

  test('a later outage is told again', () => {
    const { lines, logger } = recordingLogger();
    const outage = new DatabaseOutage(logger);
    outage.connectionLost(new Error('first'));
    outage.connectionMade();
    outage.connectionLost(Object.assign(new Error('second'), { code: '57P01' }));
    expect(lines.map((line) => [line.level, line.details])).toEqual([
      ['error', { database: { message: 'first' } }],
      ['info', expect.any(Object)],
      ['error', { database: { message: 'second', code: '57P01' } }],
    ]);
  });
});

describe('an error on its way to the log', () => {
  test('leaves out live objects hung on it and masks credentials in connection strings', () => {
    const client = Object.assign(new EventEmitter(), {
      connectionParameters: { password: 'hunter2', connectionString: 'postgres://tutorly:hunter2@db/tutorly' },
    });
    const err = Object.assign(new Error('could not reach postgres://tutorly:hunter2@db.internal:5432/tutorly'), {
      client,
      detail: 'redis://:s3cret@cache:6379 refused',
    });
    const serialized = serializeError(err);
    const text = JSON.stringify(serialized);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain('connectionParameters');
    expect(serialized.message).toBe('could not reach postgres://***@db.internal:5432/tutorly');
    expect(serialized.detail).toBe('redis://***@cache:6379 refused');
  });
});
