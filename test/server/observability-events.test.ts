import { sql } from 'drizzle-orm';
import { afterAll, afterEach, expect, test } from 'vitest';
import { openTestDatabase } from '../helpers/database';
import { databaseQueries, type DatabaseQueryEvent } from '../../src/server/observability/events';

const database = await openTestDatabase();
afterAll(() => database.close());

const seen: { phase: string; event: DatabaseQueryEvent }[] = [];
const listeners = {
  start: (event: DatabaseQueryEvent) => seen.push({ phase: 'start', event }),
  end: () => undefined,
  asyncStart: () => undefined,
  asyncEnd: (event: DatabaseQueryEvent) => seen.push({ phase: 'asyncEnd', event }),
  error: (event: DatabaseQueryEvent) => seen.push({ phase: 'error', event }),
};
afterEach(() => {
  databaseQueries.unsubscribe(listeners);
  seen.length = 0;
});

test('every statement is reported, inside transactions too, with its engine and its failure', async () => {
  databaseQueries.subscribe(listeners);
  await database.db.execute(sql`select 41 + 1 as answer`);
  await database.writer.transaction(async (tx) => {
    await tx.execute(sql`select 'inside' as place`);
  });
  await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow();

  const statements = seen.map(({ phase, event }) => `${phase} ${event.statement}`);
  expect(statements).toEqual(
    expect.arrayContaining([
      'start select 41 + 1 as answer',
      'asyncEnd select 41 + 1 as answer',
      "start select 'inside' as place",
      "asyncEnd select 'inside' as place",
      'error select * from no_such_table',
    ]),
  );
  expect(seen.every(({ event }) => event.engine === database.kind)).toBe(true);
  const inside = seen.find(({ event }) => event.statement.includes("'inside'"))!.event;
  expect(inside.pool).toBe('write');
});

test('with nobody listening, nothing is reported and queries run as before', async () => {
  const result = (await database.db.execute(sql`select 1 as one`)) as { rows: unknown[] };
  expect(result.rows).toEqual([{ one: 1 }]);
  expect(seen).toEqual([]);
});
